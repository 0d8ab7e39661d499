/**
 * Import from the configs MCP clients keep: the known locations of this machine are read on open; a file can
 * be opened or its path typed. Per file: its client, its servers (how each connects, its warnings), and for
 * each a Connect (one click) and a Save. Escape closes, and focus goes back where it was.
 */
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { configClientLabels, type ConfigFile } from '../../shared/config';
import { useReturnFocus } from '../palette/useReturnFocus';
import { FilePicker } from '../components/FilePicker';
import { useLoupeStore } from '../store/store';
import { closeConfigImport, importConfigFile, importConfigPath } from './configActions';
import { ConfigServerRow } from './ConfigServerRow';
import './configs.css';

function FileSection({ file, saved, busy }: { file: ConfigFile; saved: readonly string[]; busy: boolean }) {
  return (
    <section className="config-file" aria-label={file.path}>
      <h3 className="config-file-title">
        <span>{configClientLabels[file.client]}</span> <span className="mono small">{file.path}</span>
      </h3>
      {file.error ? (
        <p className="form-problem" role="alert">
          {file.error.message}
        </p>
      ) : null}
      {!file.error && file.servers.length === 0 ? (
        <p className="muted small">No servers in this file.</p>
      ) : null}
      <ul className="config-servers">
        {file.servers.map((server) => (
          <ConfigServerRow
            key={server.name}
            file={file}
            server={server}
            busy={busy}
            saved={saved.includes(`${file.path}\n${server.name}`)}
          />
        ))}
      </ul>
    </section>
  );
}

export function ConfigImport() {
  const { open, files, loading, saved, busy } = useLoupeStore(
    useShallow((state) => ({
      open: state.configImportOpen,
      files: state.configFiles,
      loading: state.configLoading,
      saved: state.configSaved,
      busy: state.status.state === 'connecting' || state.backendLink !== 'open',
    })),
  );
  const dialog = useRef<HTMLDivElement>(null);
  const [path, setPath] = useState('');
  useReturnFocus(open, dialog);
  if (!open) return null;
  return (
    <div className="config-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="config-import-title"
        className="dialog config-import"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            closeConfigImport();
          }
        }}
      >
        <div className="config-import-head">
          <h2 id="config-import-title">Import from client configs</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={closeConfigImport}>
            ×
          </button>
        </div>
        <p className="muted small">
          Claude Desktop, Claude Code (.mcp.json), Cursor and VS Code (mcp.json). Saved servers keep their env
          and header values sealed; VS Code inputs are asked for here.
        </p>
        <div className="button-row">
          <FilePicker
            inputLabel="Config file"
            testId="config-file"
            onFile={(file) => void importConfigFile(file)}
          >
            Open a config file…
          </FilePicker>
        </div>
        <form
          className="config-path-form"
          onSubmit={(event) => {
            event.preventDefault();
            void importConfigPath(path);
          }}
        >
          <input
            aria-label="Config file path"
            placeholder="or a path: ~/.cursor/mcp.json"
            value={path}
            onChange={(event) => setPath(event.target.value)}
          />
          <button type="submit">Read</button>
        </form>
        {loading ? <p className="muted small">Reading the known locations…</p> : null}
        {!loading && files.length === 0 ? (
          <p className="muted small">No client config found in the known locations of this machine.</p>
        ) : null}
        <div className="config-files">
          {files.map((file) => (
            <FileSection key={file.path} file={file} saved={saved} busy={busy} />
          ))}
        </div>
      </div>
    </div>
  );
}
