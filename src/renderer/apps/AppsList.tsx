/** The Resources tab's Apps view: each ui:// app, the tools that open it, and its listing's metadata as sent. */
import { useShallow } from 'zustand/react/shallow';
import { isAppMimeType } from '../../shared/apps';
import { JsonView } from '../components/JsonView';
import { selectList } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { collectApps } from './appCatalog';
import './apps.css';

export function AppsList() {
  const { tools, resources } = useLoupeStore(
    useShallow((state) => ({
      tools: selectList('tools')(state).result?.items,
      resources: selectList('resources')(state).result?.items,
    })),
  );
  const apps = collectApps(tools ?? [], resources ?? []);
  if (apps.length === 0) {
    return (
      <p className="empty">
        No MCP Apps: no tool names a ui:// resource and no resource is of type text/html;profile=mcp-app.
      </p>
    );
  }
  return (
    <section className="apps-list detail" aria-label="MCP Apps">
      <p className="muted small">
        {apps.length} {apps.length === 1 ? 'app' : 'apps'}. Call a tool that has one to see the app under its
        result.
      </p>
      {apps.map((app) => (
        <article key={app.uri} className="app-entry" aria-label={`App ${app.uri}`}>
          <h3 className="mono">{app.uri}</h3>
          <p className="small">
            Used by:{' '}
            {app.tools.length > 0 ? (
              app.tools.map((name) => <code key={name}>{name} </code>)
            ) : (
              <span className="muted">no tool</span>
            )}
          </p>
          <p className="small">
            {app.listed ? (
              <>
                Listed, MIME type{' '}
                <code>{typeof app.listed.mimeType === 'string' ? app.listed.mimeType : 'none'}</code>
                {isAppMimeType(app.listed.mimeType) ? null : (
                  <strong className="validation bad"> — not text/html;profile=mcp-app</strong>
                )}
              </>
            ) : (
              <span className="validation bad">Not in resources/list.</span>
            )}
          </p>
          {app.ui !== undefined ? <JsonView value={app.ui} label={`_meta.ui of ${app.uri}`} /> : null}
        </article>
      ))}
    </section>
  );
}
