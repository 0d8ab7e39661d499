/**
 * Opening and closing sessions. A session is a connection Loupe holds to one MCP server, recorded frame by frame;
 * every other tool names one. A configured server (the person's client configs, Loupe's saved servers) or Loupe's
 * own demo opens at once; any other command or URL only on the person's yes.
 */
import { LoupeError } from '../../../shared/errors.js';
import { stringField, type JsonObject } from '../../../shared/json.js';
import type { ProtocolChoice, SessionOptions } from '../../../shared/session.js';
import { describeTarget, type Target } from '../../../shared/target.js';
import { askPerson, quoted, type Question } from '../consent.js';
import type { AgentSession } from '../agentSessions.js';
import { targetSecrets } from '../redaction.js';
import { findConfigured, sameAsConfigured, type ConfiguredTarget } from '../targets.js';
import {
  clip,
  json,
  objectSchema,
  optionalStrings,
  optionalText,
  outputSchema,
  sessionOf,
  sessionProperty,
  type AgentTool,
  type ToolContext,
} from './toolKit.js';

const protocols = ['auto', 'modern', 'legacy'] as const;

function shownTarget(target: Target): JsonObject {
  const { shown } = targetSecrets(target);
  return json(shown) as JsonObject;
}

export const listTargetsTool: AgentTool = {
  name: 'list_targets',
  title: 'List the servers the person configured',
  description:
    "Lists the MCP servers you may open without asking the person: the servers in the person's MCP client configs (Claude Code, VS Code, Cursor, Claude Desktop; this project's and the user's) and in Loupe's saved servers. Use it first to find the name to give open_session. Cheap: reads config files, starts nothing. Env and header values are never shown.",
  inputSchema: objectSchema({}),
  outputSchema: outputSchema(
    {
      targets: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            source: { enum: ['saved', 'config'] },
            config: { type: 'string' },
            target: { type: 'object' },
          },
          required: ['name', 'source', 'target'],
        },
      },
      problems: { type: 'array', items: { type: 'string' } },
    },
    ['targets', 'problems'],
  ),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(_args, context) {
    const { targets, problems } = await context.targets();
    return {
      structured: {
        targets: targets.map((entry) => ({
          name: entry.name,
          source: entry.source,
          ...(entry.path ? { config: entry.path } : {}),
          target: shownTarget(entry.target),
        })),
        problems,
      },
    };
  },
};

interface Resolved {
  entry: Pick<ConfiguredTarget, 'name' | 'target' | 'protocol' | 'timeoutMs' | 'path'>;
  source: 'saved' | 'config' | 'approved' | 'demo';
  /** A target the person did not configure: the question to ask before it is opened. */
  question?: Question;
}

/** The target the arguments name: a configured server, the demo, or a command or URL (the person is asked). */
async function resolveTarget(args: JsonObject, context: ToolContext): Promise<Resolved> {
  const server = optionalText(args, 'server');
  const command = optionalText(args, 'command');
  const url = optionalText(args, 'url');
  const demo = args.demo === true;
  const given = [server, command, url, demo ? 'demo' : undefined].filter((value) => value !== undefined);
  if (given.length !== 1)
    throw new LoupeError({
      kind: 'usage',
      message:
        'Give exactly one of "server" (a configured server: see list_targets), "command" (with "args"), "url", or "demo": true.',
    });
  if (demo) return { entry: { name: 'loupe-demo', target: { transport: 'demo' } }, source: 'demo' };
  const { targets } = await context.targets();
  if (server !== undefined) {
    const found = findConfigured(targets, server, optionalText(args, 'config'));
    return { entry: found, source: found.source };
  }
  const cwd = optionalText(args, 'cwd');
  const target: Target =
    command !== undefined
      ? { transport: 'stdio', command, args: optionalStrings(args, 'args') ?? [], ...(cwd ? { cwd } : {}) }
      : { transport: 'auto', url: url ?? '' };
  const known = sameAsConfigured(targets, target);
  if (known) return { entry: known, source: known.source };
  const what =
    target.transport === 'stdio'
      ? `run this command on your machine, as you: ${quoted(describeTarget(target), 500)}${target.cwd ? ` in ${quoted(target.cwd)}` : ''}`
      : `connect to ${quoted(describeTarget(target), 500)}`;
  const name = target.transport === 'stdio' ? describeTarget(target) : target.url;
  return {
    entry: { name: clip(name, 120) ?? name, target },
    source: 'approved',
    question: {
      key: 'open-target',
      message: `An agent (${context.host}) asks Loupe to ${what}. It is in none of your MCP client configs or Loupe's saved servers. Allow it to open this server?`,
    },
  };
}

function declined(target: Target, via: 'host' | 'loupe'): LoupeError {
  return new LoupeError({
    kind: 'target-declined',
    message: `The person declined opening ${quoted(describeTarget(target), 200)} (asked ${via === 'host' ? 'through your host' : 'in Loupe'}). Do not ask again for it; open a configured server instead (list_targets).`,
  });
}

const unconfigured = 'Opening a server the person has not configured needs their yes.';

export const openSessionTool: AgentTool = {
  name: 'open_session',
  title: 'Open a session to an MCP server',
  description:
    'Connects Loupe to one MCP server and returns a session id that every other tool takes. Give "server": the name of a configured server (list_targets) — it opens at once; or "demo": true for Loupe\'s demo server; or "command"+"args" / "url" for anything else — then the person is asked first (through your host, or in the Loupe app), and a no is final. Loupe speaks both protocol eras ("protocol": auto by default: 2026-07-28 server/discover, else 2025-11-25 initialize). Returns what the server said in its handshake. Costs one server start (stdio) or one connection; the session stays open, recorded frame by frame and shown live in a running Loupe, until close_session. Sessions are few: close them when done.',
  inputSchema: objectSchema({
    server: { type: 'string', description: "A configured server's name (list_targets)." },
    config: {
      type: 'string',
      description: 'The config file that names it, when two configs use the same name.',
    },
    demo: { type: 'boolean', description: "Loupe's own demo server." },
    command: {
      type: 'string',
      description: 'A stdio server not configured: the program (the person is asked).',
    },
    args: { type: 'array', items: { type: 'string' }, description: 'Its arguments.' },
    cwd: { type: 'string', description: 'Its working folder.' },
    url: {
      type: 'string',
      description: 'A Streamable HTTP (or legacy SSE) server not configured (the person is asked).',
    },
    protocol: {
      enum: [...protocols],
      description: 'The protocol era: auto (default), modern (2026-07-28), legacy (2025-11-25).',
    },
  }),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      name: { type: 'string' },
      source: { enum: ['saved', 'config', 'approved', 'demo'] },
      target: { type: 'object' },
      era: { enum: ['modern', 'legacy'] },
      protocolVersion: { type: 'string' },
      serverInfo: {},
      capabilities: { type: 'object' },
      instructions: { type: 'string' },
      eraReason: { type: 'string' },
    },
    ['session', 'name', 'source', 'target', 'era', 'protocolVersion', 'capabilities'],
  ),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  async run(args, context) {
    const protocolText = optionalText(args, 'protocol');
    if (protocolText !== undefined && !(protocols as readonly string[]).includes(protocolText))
      throw new LoupeError({ kind: 'usage', message: '"protocol" is auto, modern or legacy.' });
    const { entry, source, question } = await resolveTarget(args, context);
    // The host asks first when it can (before anything starts); else the question waits on the session in Loupe.
    const viaHost =
      question !== undefined &&
      context.policy.routes.includes('host') &&
      context.request.elicit !== undefined;
    if (question && viaHost) {
      const answer = await askPerson(question, context.request, ['host'], undefined, unconfigured);
      if (!answer.allowed) throw declined(entry.target, answer.via);
    }
    const approve =
      question && !viaHost
        ? async (opened: AgentSession) => {
            const answer = await askPerson(
              question,
              context.request,
              context.policy.routes.filter((route) => route === 'loupe'),
              opened.ask,
              unconfigured,
            );
            if (!answer.allowed) throw declined(entry.target, answer.via);
          }
        : undefined;
    const options: SessionOptions = {
      protocol: (protocolText as ProtocolChoice | undefined) ?? entry.protocol ?? 'auto',
      ...(entry.timeoutMs ? { timeoutMs: entry.timeoutMs } : {}),
    };
    const { session, status } = await context.sessions.open(
      {
        name: entry.name,
        source: source === 'demo' ? 'approved' : source,
        ...(entry.path ? { config: entry.path } : {}),
        target: entry.target,
        host: context.host,
      },
      options,
      approve,
    );
    if (status.state !== 'connected')
      throw new LoupeError({ kind: 'not-connected', message: `Session ${session.id} did not connect.` });
    const { handshake } = status;
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        name: session.name,
        source,
        target: json(session.shown),
        era: handshake.era ?? 'legacy',
        protocolVersion: handshake.protocolVersion,
        serverInfo: json(handshake.serverInfo),
        capabilities: json(handshake.capabilities),
        ...(handshake.instructions ? { instructions: clip(handshake.instructions, 4000) } : {}),
        ...(handshake.eraReason ? { eraReason: handshake.eraReason } : {}),
      }),
    };
  },
};

export const listSessionsTool: AgentTool = {
  name: 'list_sessions',
  title: 'List the open sessions',
  description: 'Lists the sessions you opened that are still open: id, server, state and era. Cheap.',
  inputSchema: objectSchema({}),
  outputSchema: outputSchema(
    {
      sessions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            session: { type: 'string' },
            name: { type: 'string' },
            state: { type: 'string' },
            server: { type: 'string' },
            era: { type: 'string' },
          },
          required: ['session', 'name', 'state'],
        },
      },
    },
    ['sessions'],
  ),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(_args, context) {
    const rows = await Promise.all(
      context.sessions.all().map(async (session) => {
        const status = await context.sessions.methods(session.id, 'status').status();
        const handshake = status.state === 'connected' ? status.handshake : undefined;
        const server = stringField(handshake?.serverInfo ?? undefined, 'name');
        return context.sessions.scrub(session, {
          session: session.id,
          name: session.name,
          state: status.state,
          ...(server ? { server } : {}),
          ...(handshake?.era ? { era: handshake.era } : {}),
          ...(status.state === 'closed' && status.reason ? { reason: status.reason.message } : {}),
        });
      }),
    );
    return { structured: { sessions: rows } };
  },
};

export const closeSessionTool: AgentTool = {
  name: 'close_session',
  title: 'Close a session',
  description:
    'Ends a session: its connection closes (a stdio server is stopped). Its snapshots stay. Do it when you are done with a server.',
  inputSchema: objectSchema({ session: sessionProperty }, ['session']),
  outputSchema: outputSchema({ session: { type: 'string' }, closed: { type: 'boolean' } }, [
    'session',
    'closed',
  ]),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const session = sessionOf(args, context);
    await context.sessions.close(session.id);
    return { structured: { session: session.id, closed: true } };
  },
};
