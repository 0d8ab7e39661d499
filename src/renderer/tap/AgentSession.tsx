/**
 * A session an agent opened through `loupe mcp`, shown live: who opened it, that Loupe sends nothing on it, and the
 * person's Stop — its loupe mcp ends the session and the agent is told it was stopped (session-stopped).
 */
import { useState } from 'react';
import type { TapInfo } from '../../shared/session';
import { stopAgentSession } from './tapActions';

export function AgentSession({ agent, live }: { agent: NonNullable<TapInfo['agent']>; live: boolean }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <section className="agent-session" aria-label="Agent's session">
      <p className="small" data-testid="agent-note">
        An agent’s session: <span className="mono">{agent.host}</span> opened it through loupe mcp (its
        session <span className="mono">{agent.session}</span>). Every frame shows here; Loupe sends nothing on
        it. A question the agent needs your yes for appears here too.
      </p>
      <div className="button-row">
        <button
          type="button"
          disabled={!live || busy}
          onClick={() => {
            setBusy(true);
            void stopAgentSession().then((refused) => {
              setBusy(false);
              setProblem(refused);
            });
          }}
          title="Ends this session in loupe mcp: the server connection closes and the agent is told you stopped it"
        >
          Stop the agent’s session
        </button>
      </div>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
