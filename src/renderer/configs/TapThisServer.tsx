/**
 * "Tap this server" for a stdio server of a config file: the change that runs it through `loupe tap` is shown as a
 * diff first; the file is written only when the person says yes, with a backup copy beside it.
 */
import { useState } from 'react';
import type { ConfigTapProposal } from '../../shared/config';
import { toErrorData } from '../../shared/errors';
import { getApi } from '../bridge';

type Stage =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'shown'; proposal: ConfigTapProposal }
  | { step: 'written'; path: string; backup: string }
  | { step: 'failed'; message: string };

function lineClass(line: string): string {
  return line.startsWith('+ ') ? 'diff-add' : line.startsWith('- ') ? 'diff-remove' : 'diff-keep';
}

export function TapThisServer({ path, server }: { path: string; server: string }) {
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const propose = async () => {
    setStage({ step: 'working' });
    try {
      setStage({ step: 'shown', proposal: await getApi().proposeConfigTap(path, server) });
    } catch (error) {
      setStage({ step: 'failed', message: toErrorData(error).message });
    }
  };
  const write = async (proposal: ConfigTapProposal) => {
    setStage({ step: 'working' });
    try {
      const written = await getApi().writeConfigTap(proposal.path, proposal.server, proposal.diff);
      setStage({ step: 'written', ...written });
    } catch (error) {
      setStage({ step: 'failed', message: toErrorData(error).message });
    }
  };
  if (stage.step === 'idle' || stage.step === 'working')
    return (
      <button type="button" aria-label={`Tap ${server}`} disabled={stage.step === 'working'} onClick={() => void propose()}>
        Tap this server
      </button>
    );
  if (stage.step === 'failed')
    return (
      <p className="form-problem" role="alert">
        {stage.message}{' '}
        <button type="button" onClick={() => setStage({ step: 'idle' })}>
          OK
        </button>
      </p>
    );
  if (stage.step === 'written')
    return (
      <p className="small" role="status" data-testid="config-tap-written">
        Wrote <span className="mono">{stage.path}</span>; the previous file is <span className="mono">{stage.backup}</span>.
        Restart the client to use the tap: its frames show here as a live session while Loupe runs.
      </p>
    );
  const { proposal } = stage;
  return (
    <div className="config-tap" role="group" aria-label={`Tap ${server}: the change`}>
      <p className="small">
        This change to <span className="mono">{proposal.path}</span> runs {server} through loupe tap. Nothing is written
        until you say so; a backup is kept beside the file.
      </p>
      <pre className="config-tap-diff mono small" data-testid="config-tap-diff">
        {proposal.diff.map((line, index) => (
          <span key={index} className={lineClass(line)}>
            {line}
            {'\n'}
          </span>
        ))}
      </pre>
      {proposal.reason ? <p className="form-problem">{proposal.reason}</p> : null}
      <div className="button-row">
        <button type="button" disabled={!proposal.writable} onClick={() => void write(proposal)}>
          Write it (a backup is kept)
        </button>
        <button type="button" onClick={() => setStage({ step: 'idle' })}>
          Cancel
        </button>
      </div>
    </div>
  );
}
