/**
 * The server's requests to us, each waiting visibly until the user answers it: nothing is answered behind
 * the user's back. Mounted once at the app root. A request closed before it was answered (its call was cancelled,
 * the server cancelled it, the connection ended) keeps its panel, saying why, until dismissed; it can no longer
 * be answered. Recently answered ones stay listed with what was chosen.
 */
import { useLoupeStore } from '../store/store';
import type { ServerRequest } from '../../shared/session';
import { JsonView } from '../components/JsonView';
import { ElicitationRequest } from './ElicitationRequest';
import { answerRequest, dismissClosed } from './requestActions';
import { RootsRequest } from './RootsRequest';
import { plural } from '../lib/format';
import { SamplingRequest } from './SamplingRequest';
import '../calls/calls.css';
import './serverRequests.css';

/** A Map: the method is the server's string, and a plain object would answer `constructor` with a function. */
const titles = new Map<string, string>([
  ['elicitation/create', 'The server asks you for input'],
  ['sampling/createMessage', 'The server asks for a model completion (sampling)'],
  ['roots/list', 'The server asks for your roots'],
]);

function RequestBody({ request }: { request: ServerRequest }) {
  switch (request.method) {
    case 'elicitation/create':
      return <ElicitationRequest request={request} />;
    case 'sampling/createMessage':
      return <SamplingRequest request={request} />;
    case 'roots/list':
      return <RootsRequest request={request} />;
    default:
      return (
        <>
          <JsonView value={request.params} />
          <button
            type="button"
            onClick={() =>
              void answerRequest(
                request,
                { error: { code: -32601, message: `Method not found: ${request.method}` } },
                'refused (unknown method)',
              )
            }
          >
            Refuse
          </button>
        </>
      );
  }
}

export function ServerRequestDialogs() {
  const waiting = useLoupeStore((state) => state.serverRequests);
  const closed = useLoupeStore((state) => state.closedRequests);
  const answered = useLoupeStore((state) => state.answeredRequests);
  if (waiting.length === 0 && closed.length === 0 && answered.length === 0) return null;
  return (
    <aside className="server-requests" aria-label="Server requests">
      {waiting.map((request) => (
        <section
          key={request.requestId}
          role="dialog"
          aria-label={titles.get(request.method) ?? `The server sent ${request.method}`}
          className="dialog server-request"
        >
          <div className="server-request-head">
            <h3>{titles.get(request.method) ?? `The server sent ${request.method}`}</h3>
            <p className="muted small" aria-live="polite">
              {request.method} · waiting for your answer
            </p>
          </div>
          <RequestBody request={request} />
        </section>
      ))}
      {closed.map(({ request, reason }) => (
        <section
          key={request.requestId}
          role="dialog"
          aria-label={`${titles.get(request.method) ?? `The server sent ${request.method}`} (closed)`}
          className="dialog server-request closed-request"
        >
          <h3>{titles.get(request.method) ?? `The server sent ${request.method}`}</h3>
          <p className="closed-reason" role="status">
            Closed before you answered: {reason}. No answer can be sent for it any more.
          </p>
          <div className="dialog-buttons">
            <button type="button" onClick={() => dismissClosed(request.requestId)}>
              Dismiss
            </button>
          </div>
        </section>
      ))}
      {answered.length > 0 && (
        <details className="answered-requests">
          <summary>{plural(answered.length, 'answered server request')}</summary>
          <ul>
            {answered.map((entry) => (
              <li key={entry.request.requestId}>
                {entry.request.method}: {entry.outcome} at {new Date(entry.answeredAt).toLocaleTimeString()}
              </li>
            ))}
          </ul>
        </details>
      )}
    </aside>
  );
}
