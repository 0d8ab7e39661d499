/**
 * Asking the person: the question goes to the agent's host as an elicitation (its person answers there), else to a
 * running Loupe (the agent's session shows the question; liveAgent.ts), else nowhere — and then the answer is no,
 * named 'consent-unavailable' with what the person can do instead. A question waits at the person's pace; only a yes
 * given to this very question opens the door (an input_required answer is sealed to its request: requestStates.ts).
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { AgentRequest } from './protocol/agentRequest.js';

export interface Question {
  /** Names the question within its request (the input_required key). */
  key: string;
  /** What is asked, in words the person reads (every server- or agent-given part quoted and clipped). */
  message: string;
  /** Offer "allow every such call on this session" beside the yes. */
  offerRemember?: boolean;
}

export interface Answer {
  allowed: boolean;
  remember: boolean;
  /** Who answered: the agent's host (its elicitation) or the person in Loupe. */
  via: 'host' | 'loupe';
}

/** Asks in a running Loupe; resolves undefined when none is linked (or the link ended before an answer). */
export type LoupeAsker = (question: Question) => Promise<Answer | undefined>;

export type AskRoute = 'host' | 'loupe';

function schema(question: Question): JsonObject {
  return {
    type: 'object',
    properties: {
      allow: { type: 'boolean', title: 'Allow', description: 'Yes, do it.', default: false },
      ...(question.offerRemember
        ? {
            remember: {
              type: 'boolean',
              title: 'Allow every such call on this session',
              description: 'Do not ask again for this session.',
              default: false,
            },
          }
        : {}),
    },
    required: ['allow'],
  };
}

/** Reads an ElicitResult: only an accept whose form says allow: true is a yes. */
export function elicitedAnswer(result: JsonObject): Omit<Answer, 'via'> {
  const content = isJsonObject(result.content) ? result.content : {};
  const allowed = result.action === 'accept' && content.allow === true;
  return { allowed, remember: allowed && content.remember === true };
}

/** Asks the person by the routes the person allowed, in order; throws 'consent-unavailable' when none is open. */
export async function askPerson(
  question: Question,
  request: AgentRequest,
  routes: readonly AskRoute[],
  loupe: LoupeAsker | undefined,
  unavailable: string,
): Promise<Answer> {
  for (const route of routes) {
    if (route === 'host' && request.elicit) {
      const result = await request.elicit(question.key, {
        message: question.message,
        requestedSchema: schema(question),
      });
      return { ...elicitedAnswer(result), via: 'host' };
    }
    if (route === 'loupe') {
      const asked = await loupe?.(question);
      if (asked) return asked;
    }
  }
  const host = !request.elicit
    ? 'your host offers no elicitation'
    : routes.includes('host')
      ? 'your host could not be asked'
      : 'the person turned asking through your host off';
  const app = routes.includes('loupe')
    ? 'no Loupe app is running for the person'
    : 'the person turned asking in Loupe off';
  throw new LoupeError({
    kind: 'consent-unavailable',
    message: `${unavailable} No one could be asked: ${host}, and ${app}. Ask the person to do it themselves, to open Loupe (loupe web, or the app) so you can ask there, or to allow it when they start loupe mcp.`,
    data: { routes: [...routes], hostElicitation: request.elicit !== undefined },
  });
}

/** Text from a server or an agent, as a question quotes it: one line, clipped, control characters shown as escapes. */
export function quoted(text: string, max = 200): string {
  const clean = text.replace(
    // eslint-disable-next-line no-control-regex -- the control characters are what it escapes
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return JSON.stringify(clean.length > max ? `${clean.slice(0, max)}…` : clean);
}
