/**
 * An agent's sessions, live in a running Loupe (the desktop app or `loupe web`): each session `loupe mcp` opens is
 * linked to it over the same user-only socket a tap uses (tap/liveLink.ts), marked as the agent's (hello.agent), so
 * the person sees every frame as it passes, can answer a question there when the agent's host cannot ask, and can
 * press Stop — which ends the session here. With no Loupe running, nothing is said and nothing waits.
 */
import type { JsonObject } from '../../shared/json.js';
import type { Target } from '../../shared/target.js';
import { linkToLoupe } from '../tap/liveLink.js';
import type { LivePaths } from '../tap/livePaths.js';
import type { TapHello } from '../tap/liveWire.js';
import type { LinkOpener } from './agentSessions.js';
import { elicitedAnswer, type Question } from './consent.js';

function linkServer(target: Target, demo: () => Target): TapHello['server'] {
  const resolved = target.transport === 'demo' ? demo() : target;
  if (resolved.transport === 'stdio')
    return { transport: 'stdio', command: resolved.command, args: [...resolved.args] };
  if (resolved.transport === 'demo') return { transport: 'stdio', command: 'loupe-demo', args: [] };
  return { transport: 'http', url: resolved.url };
}

function form(question: Question): JsonObject {
  return {
    type: 'object',
    properties: {
      allow: { type: 'boolean', title: 'Allow', default: false },
      ...(question.offerRemember
        ? { remember: { type: 'boolean', title: 'Allow every such call on this session', default: false } }
        : {}),
    },
    required: ['allow'],
  };
}

export function liveAgentLinks(options: {
  say: (line: string) => void;
  demo: () => Target;
  paths?: LivePaths;
}): LinkOpener {
  return (request) => {
    const link = linkToLoupe({
      recorder: request.frames,
      hello: {
        server: linkServer(request.target, options.demo),
        pid: process.pid,
        agent: { host: request.host, session: request.session },
      },
      say: (line) => options.say(`session ${request.session}: ${line}`),
      onStop: request.onStop,
      ...(options.paths ? { paths: options.paths } : {}),
    });
    return {
      ask: async (question) => {
        const result = await link.ask({ message: question.message, requestedSchema: form(question) });
        return result === undefined ? undefined : { ...elicitedAnswer(result), via: 'loupe' };
      },
      close: () => link.close(),
    };
  };
}
