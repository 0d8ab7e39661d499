/**
 * The input-required rounds of one modern call: for every round, what the server asked (inputRequests by key:
 * method and message) and what Loupe answered (inputResponses), before the final result.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import type { InputRound } from '../../shared/session';
import { JsonView } from '../components/JsonView';

function asked(request: JsonValue): string {
  if (!isJsonObject(request)) return 'not an object';
  const method = typeof request.method === 'string' ? request.method : 'no method';
  const params = isJsonObject(request.params) ? request.params : {};
  return typeof params.message === 'string' ? `${method}: “${params.message}”` : method;
}

function answered(response: JsonValue | undefined): string {
  if (response === undefined) return 'no answer';
  if (!isJsonObject(response)) return JSON.stringify(response);
  if (typeof response.action === 'string') {
    return response.content === undefined
      ? response.action
      : `${response.action} ${JSON.stringify(response.content)}`;
  }
  return JSON.stringify(response);
}

function RoundItem({ round, total }: { round: InputRound; total: number }) {
  const keys = Object.keys(round.inputRequests);
  const responses: JsonObject = round.inputResponses;
  return (
    <li className="call-round">
      <div className="call-round-head">
        <strong>
          Round {round.round} of {total}
        </strong>{' '}
        <span className="muted small">
          input required{round.requestSeq !== undefined ? ` · frames #${round.requestSeq}` : ''}
          {round.responseSeq !== undefined ? `–#${round.responseSeq}` : ''}
          {round.requestState !== undefined ? ' · requestState echoed' : ''}
        </span>
      </div>
      <table className="data-table round-table">
        <thead>
          <tr>
            <th>Key</th>
            <th>Server asked</th>
            <th>Answered</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <td className="mono">{key}</td>
              <td>{asked(round.inputRequests[key])}</td>
              <td className="mono">{answered(responses[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>Round {round.round} as sent and answered</summary>
        <JsonView
          value={{ inputRequests: round.inputRequests, inputResponses: round.inputResponses }}
          label={`Round ${round.round}`}
        />
      </details>
    </li>
  );
}

export function CallRounds({ rounds }: { rounds: InputRound[] }) {
  if (rounds.length === 0) return null;
  const total = rounds.length + 1;
  return (
    <section className="call-rounds" aria-label="Input rounds">
      <h4>
        One call in {total} rounds: the server asked for input{' '}
        {rounds.length === 1 ? 'once' : `${rounds.length} times`}
      </h4>
      <ol>
        {rounds.map((round) => (
          <RoundItem key={round.round} round={round} total={total} />
        ))}
        <li className="call-round">
          <strong>
            Round {total} of {total}
          </strong>{' '}
          <span className="muted small">final result (below)</span>
        </li>
      </ol>
    </section>
  );
}
