/**
 * How `loupe mcp` answers what an inspected server asks during a call (elicitation/create, sampling/createMessage,
 * roots/list), by the policy the person set with --server-requests: none (nothing is offered to the server, as a
 * plain client), decline, cancel, defaults (accept a form with its schema's defaults), or an answers file
 * ({"elicitation"?, "sampling"?, "roots"?}, as `loupe call --input <file>`). The agent never answers for the person.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { ServerRequest, ServerRequestAnswer, SessionOptions } from '../../shared/session.js';

export type ServerRequestPolicy =
  | { mode: 'none' }
  | { mode: 'decline' | 'cancel' | 'defaults' }
  | { mode: 'file'; path: string; answers: JsonObject };

/** What a session offers the inspected server under the policy. */
export function offerFor(policy: ServerRequestPolicy): Pick<SessionOptions, 'offer' | 'roots'> {
  // The backend offers all three by default (the app answers in its UI): a plain client offers none of them.
  if (policy.mode === 'none') return { offer: { elicitation: false, sampling: false, roots: false } };
  const roots =
    policy.mode === 'file' && Array.isArray(policy.answers.roots)
      ? policy.answers.roots.flatMap((root) =>
          isJsonObject(root) && typeof root.uri === 'string'
            ? [typeof root.name === 'string' ? { uri: root.uri, name: root.name } : { uri: root.uri }]
            : [],
        )
      : [];
  return { offer: { elicitation: true, sampling: true, roots: true }, roots };
}

function defaults(schema: JsonValue | undefined): JsonObject {
  const content: JsonObject = {};
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties))
    if (isJsonObject(property) && property.default !== undefined) content[name] = property.default;
  return content;
}

/** The answer the policy gives, and the outcome in words. */
export function answerByPolicy(
  policy: ServerRequestPolicy,
  request: ServerRequest,
): { answer: ServerRequestAnswer; outcome: string } {
  const refuse = (why: string) => ({
    answer: { error: { code: -32603, message: why } },
    outcome: `refused: ${why}`,
  });
  if (request.method === 'elicitation/create') {
    if (policy.mode === 'file' && isJsonObject(policy.answers.elicitation))
      return { answer: { result: policy.answers.elicitation }, outcome: 'answered from the answers file' };
    if (
      policy.mode === 'decline' ||
      policy.mode === 'cancel' ||
      policy.mode === 'none' ||
      policy.mode === 'file'
    )
      return {
        answer: { result: { action: policy.mode === 'cancel' ? 'cancel' : 'decline' } },
        outcome: policy.mode === 'cancel' ? 'cancelled' : 'declined',
      };
    if (request.params.mode === 'url')
      return {
        answer: { result: { action: 'decline' } },
        outcome: 'declined (a URL elicitation is not opened)',
      };
    return {
      answer: { result: { action: 'accept', content: defaults(request.params.requestedSchema) } },
      outcome: "accepted with the form's defaults",
    };
  }
  if (request.method === 'sampling/createMessage') {
    if (policy.mode === 'file' && isJsonObject(policy.answers.sampling))
      return { answer: { result: policy.answers.sampling }, outcome: 'answered from the answers file' };
    return refuse('sampling is answered only from a "sampling" reply in the --server-requests answers file');
  }
  if (request.method === 'roots/list') {
    const roots = offerFor(policy).roots ?? [];
    return {
      answer: { result: { roots: roots } },
      outcome: `answered with ${roots.length} roots`,
    };
  }
  return refuse(`${request.method} is not answered by loupe mcp`);
}
