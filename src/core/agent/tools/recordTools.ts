/**
 * Records: `snapshot` writes the session's whole record (handshake, every list as sent, lint, every frame; secrets
 * redacted) as a loupe.snapshot/1 file in the person's snapshots folder and links to it; `diff` compares two records
 * of a server — by default the newest snapshot of the same server against the server now — with `loupe diff`'s
 * classes (breaking, drift, compatible); `replay` serves a snapshot back as a server and opens a session on it.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CompareSource } from '../../../shared/compare.js';
import type { ItemChange, SnapshotDiff } from '../../../shared/diff.js';
import { LoupeError } from '../../../shared/errors.js';
import { stringField, type JsonObject } from '../../../shared/json.js';
import type { Snapshot } from '../../../shared/snapshot.js';
import { diffSnapshots } from '../../diff/snapshotDiff.js';
import { frameIntegrity } from '../../snapshot/frameDigest.js';
import { parseSnapshot } from '../../snapshot/parseSnapshot.js';
import { serializeSnapshot } from '../../snapshot/serializeSnapshot.js';
import { saveSnapshotText } from '../../snapshot/saveSnapshot.js';
import type { AgentSession } from '../agentSessions.js';
import { snapshotUri } from '../resources/sessionResources.js';
import { listingOf } from './listTools.js';
import {
  json,
  objectSchema,
  optionalCount,
  optionalText,
  outputSchema,
  resourceLink,
  sessionOf,
  sessionProperty,
  text,
  type AgentTool,
  type ToolContext,
} from './toolKit.js';

/** The snapshot files this run wrote (resources/list names them). */
export const writtenSnapshots = new Set<string>();

/** A snapshot named by file name or loupe://snapshots/ URI: only files of the snapshots folder are read. */
export async function snapshotText(
  context: ToolContext,
  named: string,
): Promise<{ file: string; text: string }> {
  const name = decodeURIComponent(named.replace(/^loupe:\/\/snapshots\//, ''));
  if (name !== basename(name) || !name.endsWith('.json'))
    throw new LoupeError({
      kind: 'usage',
      message: `Name a snapshot of ${context.policy.snapshotsDir} by its file name (loupe-….json) or its loupe://snapshots/ URI; other paths are not read.`,
    });
  const file = join(context.policy.snapshotsDir, name);
  try {
    return { file, text: await readFile(file, 'utf8') };
  } catch (error) {
    throw new LoupeError({
      kind: 'io-error',
      message: `${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/** A snapshot's text whose frames changed after it was built (scrubbed), with their digests taken again. */
function resealed(text: string): string {
  const snapshot = JSON.parse(text) as Snapshot;
  return serializeSnapshot({
    ...snapshot,
    integrity: frameIntegrity(snapshot.frames, snapshot.framesDropped),
  });
}

export const snapshotTool: AgentTool = {
  name: 'snapshot',
  title: 'Snapshot the session',
  description:
    "Walks every list the server declares (tools, resources, templates, prompts), then writes the session's whole record — handshake, every item as sent, pages, lint, and every frame both ways with its timing — as a loupe.snapshot/1 file in the person's snapshots folder (secrets redacted, readable by the person alone), and returns a resource link to it with the counts. Take one before you change a server, and again after: diff compares them. Costs one walk of each list; the file holds every frame, so it can be large (read it as the resource only if you need it).",
  inputSchema: objectSchema({ session: sessionProperty }, ['session']),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      file: { type: 'string' },
      uri: { type: 'string' },
      connected: { type: 'boolean' },
      server: { type: 'string' },
      toolCount: { type: 'integer' },
      toolsComplete: { type: 'boolean' },
      lists: { type: 'object' },
      frames: { type: 'integer' },
      bytes: { type: 'integer' },
    },
    ['session', 'file', 'uri', 'connected', 'toolCount', 'toolsComplete', 'frames', 'bytes'],
  ),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const status = await context.sessions.methods(session.id, 'status').status();
    const capabilities = status.state === 'connected' ? status.handshake.capabilities : {};
    const kinds = [
      ...(capabilities.tools !== undefined ? (['tools'] as const) : []),
      ...(capabilities.resources !== undefined ? (['resources', 'templates'] as const) : []),
      ...(capabilities.prompts !== undefined ? (['prompts'] as const) : []),
    ];
    for (const kind of kinds) await listingOf(context, session, kind, { fresh: true });
    const created = await context.sessions.methods(session.id, 'createSnapshot').createSnapshot();
    const { fileName } = created;
    // The snapshot redacts secret-looking names; a credential under a plain name (a config's DATABASE_URL) is one of
    // the session's secrets too, and the file is handed to the agent as a resource: it is scrubbed before it is saved.
    // The frames' digests are then taken again over the frames as written, as the snapshot itself does after its own
    // redaction (frameDigest.ts).
    const scrubbed = context.sessions.scrub(session, created.text);
    const body = scrubbed === created.text ? scrubbed : resealed(scrubbed);
    await mkdir(context.policy.snapshotsDir, { recursive: true, mode: 0o700 });
    const saved = await saveSnapshotText(join(context.policy.snapshotsDir, fileName), body, { chosen: true });
    const name = basename(saved.path);
    writtenSnapshots.add(name);
    const snapshot = parseSnapshot(body);
    const uri = snapshotUri(name);
    const lists: JsonObject = { tools: snapshot.toolCount };
    for (const [kind, list] of Object.entries(snapshot.lists ?? {}))
      if (list) lists[kind] = list.items.length;
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        file: saved.path,
        uri,
        connected: snapshot.connected,
        ...(stringField(snapshot.serverInfo, 'name')
          ? { server: stringField(snapshot.serverInfo, 'name') }
          : {}),
        toolCount: snapshot.toolCount,
        toolsComplete: snapshot.toolsComplete,
        lists,
        frames: snapshot.frames.length,
        bytes: Buffer.byteLength(body),
      }),
      links: [
        resourceLink(
          uri,
          name,
          `The snapshot of ${session.name}: every list as sent and every frame (secrets redacted).`,
          'application/json',
          Buffer.byteLength(body),
        ),
      ],
    };
  },
};

/** The newest snapshot in the folder of the same server (by serverInfo.name), or undefined. */
async function lastSnapshotOf(
  context: ToolContext,
  server: string | undefined,
): Promise<{ file: string; text: string; snapshot: Snapshot } | undefined> {
  if (server === undefined) return undefined;
  const names = await readdir(context.policy.snapshotsDir).catch(() => [] as string[]);
  let newest: { file: string; text: string; snapshot: Snapshot } | undefined;
  for (const name of names) {
    if (!name.endsWith('.json') || !name.startsWith('loupe-')) continue;
    const file = join(context.policy.snapshotsDir, name);
    const body = await readFile(file, 'utf8').catch(() => undefined);
    if (body === undefined) continue;
    let snapshot: Snapshot;
    try {
      snapshot = parseSnapshot(body);
    } catch {
      continue;
    }
    if (!snapshot.connected || stringField(snapshot.serverInfo, 'name') !== server) continue;
    if (!newest || snapshot.testedAt > newest.snapshot.testedAt) newest = { file, text: body, snapshot };
  }
  return newest;
}

interface ChangeRow extends JsonObject {
  class: 'breaking' | 'drift' | 'compatible';
}

function changeRows(diff: SnapshotDiff): ChangeRow[] {
  const rows: ChangeRow[] = [];
  const add = (kind: string, change: ItemChange) =>
    rows.push({
      list: kind,
      name: change.name,
      change: change.kind,
      class: change.breaking ? 'breaking' : change.drift ? 'drift' : 'compatible',
      fields: change.fields
        .slice(0, 20)
        .map((field) => ({ path: field.path, class: field.class, summary: field.summary })),
    });
  for (const [kind, changes] of Object.entries(diff.items)) for (const change of changes) add(kind, change);
  for (const change of diff.skills ?? []) add('skills', change);
  const order = { breaking: 0, drift: 1, compatible: 2 };
  return rows.sort((a, b) => order[a.class] - order[b.class]);
}

export const diffTool: AgentTool = {
  name: 'diff',
  title: 'Diff two records of a server',
  description:
    "Compares two records of a server item by item with `loupe diff`'s classes: breaking (a removed tool, a new required argument, a narrowed type or enum, an output field no longer promised), drift (descriptions, titles, annotations, instructions changed around the same contract: the rug-pull signal), compatible (additions). By default the newest snapshot of the session's server in the snapshots folder (before) against the server now (after, every list walked anew): give `before` and/or `after` (snapshot file names or loupe://snapshots/ URIs) to choose. Returns counts per class and the changes, breaking first (offset/limit).",
  inputSchema: objectSchema({
    session: {
      ...sessionProperty,
      description: 'The session whose server is compared (needed unless before and after are both given).',
    },
    before: {
      type: 'string',
      description:
        'The older record: a snapshot file name or loupe://snapshots/ URI (default: the newest snapshot of this server).',
    },
    after: { type: 'string', description: 'The newer record (default: the server now).' },
    offset: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  }),
  outputSchema: outputSchema(
    {
      before: { type: 'object' },
      after: { type: 'object' },
      counts: {
        type: 'object',
        properties: {
          breaking: { type: 'integer' },
          drift: { type: 'integer' },
          compatible: { type: 'integer' },
        },
      },
      handshake: { type: 'array', items: { type: 'object' } },
      total: { type: 'integer' },
      offset: { type: 'integer' },
      changes: { type: 'array', items: { type: 'object' } },
      nextOffset: { type: 'integer' },
      incomplete: { type: 'array', items: { type: 'object' } },
    },
    ['before', 'after', 'counts', 'total', 'offset', 'changes', 'incomplete'],
  ),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  async run(args, context) {
    const offset = optionalCount(args, 'offset', Number.MAX_SAFE_INTEGER) ?? 0;
    const limit = optionalCount(args, 'limit', 500) || 100;
    const beforeName = optionalText(args, 'before');
    const afterName = optionalText(args, 'after');
    const session: AgentSession | undefined =
      args.session === undefined && beforeName !== undefined && afterName !== undefined
        ? undefined
        : sessionOf(args, context);
    let server: string | undefined;
    if (session) {
      const status = await context.sessions.methods(session.id, 'status').status();
      server =
        status.state === 'connected'
          ? stringField(status.handshake.serverInfo ?? undefined, 'name')
          : undefined;
    }
    const before =
      beforeName !== undefined
        ? await snapshotText(context, beforeName)
        : await lastSnapshotOf(context, server);
    if (!before)
      throw new LoupeError({
        kind: 'usage',
        message: `There is no earlier snapshot of ${server ? JSON.stringify(server) : 'this server'} in ${context.policy.snapshotsDir}: take one with the snapshot tool first (or name one with "before").`,
      });
    const after = afterName !== undefined ? await snapshotText(context, afterName) : undefined;
    let diff: SnapshotDiff;
    if (session) {
      const left: CompareSource = { source: 'snapshot', text: before.text };
      const right: CompareSource = after ? { source: 'snapshot', text: after.text } : { source: 'live' };
      diff = (await context.sessions.methods(session.id, 'compareSnapshots').compareSnapshots(left, right))
        .diff;
    } else diff = diffSnapshots(parseSnapshot(before.text), parseSnapshot(after?.text ?? ''));
    const rows = changeRows(diff);
    const counts = { breaking: 0, drift: 0, compatible: 0 };
    for (const row of rows) counts[row.class] += 1;
    const structured: JsonObject = {
      before: { file: basename(before.file), uri: snapshotUri(before.file) },
      after: after
        ? { file: basename(after.file), uri: snapshotUri(after.file) }
        : { live: true, session: session?.id ?? '' },
      counts,
      handshake: json(
        diff.handshake.map((field) => ({ path: field.path, class: field.class, summary: field.summary })),
      ),
      total: rows.length,
      offset,
      changes: rows.slice(offset, offset + limit),
      ...(offset + limit < rows.length ? { nextOffset: offset + limit } : {}),
      incomplete: json(diff.incomplete),
    };
    return { structured: session ? context.sessions.scrub(session, structured) : structured };
  },
};

export const replayTool: AgentTool = {
  name: 'replay',
  title: 'Replay a snapshot as a server',
  description:
    'Serves a snapshot back as an MCP server on loopback — its handshake, pages and recorded calls byte for byte — and opens a session on it, so you can list and call it as it was when recorded (a request not recorded gets an error naming the nearest recorded one; "onMiss": "nearest" answers with it instead). Use it to reproduce a recorded behaviour without the real server. Returns the new session. Costs a loopback listener until close_session.',
  inputSchema: objectSchema(
    {
      snapshot: {
        type: 'string',
        description: 'A snapshot file name or loupe://snapshots/ URI (the snapshot tool returns both).',
      },
      onMiss: { enum: ['error', 'nearest'] },
    },
    ['snapshot'],
  ),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      url: { type: 'string' },
      transport: { type: 'string' },
      era: { type: 'string' },
      calls: { type: 'integer' },
      server: { type: 'string' },
    },
    ['session', 'url', 'transport', 'era', 'calls'],
  ),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  async run(args, context) {
    const named = text(args, 'snapshot');
    const onMiss = optionalText(args, 'onMiss');
    if (onMiss !== undefined && onMiss !== 'error' && onMiss !== 'nearest')
      throw new LoupeError({ kind: 'usage', message: '"onMiss" is error or nearest.' });
    const { file, text: body } = await snapshotText(context, named);
    const replays = context.sessions.shared('serveReplay');
    const serving = await replays.serveReplay({
      text: body,
      fileName: basename(file),
      ...(onMiss ? { onMiss } : {}),
    });
    try {
      const { session } = await context.sessions.open(
        {
          name: `replay of ${basename(file)}`,
          source: 'replay',
          target: { transport: serving.transport, url: serving.url },
          host: context.host,
        },
        { protocol: 'auto' },
      );
      session.cleanup = () => replays.stopReplay(serving.id);
      return {
        structured: {
          session: session.id,
          url: serving.url,
          transport: serving.transport,
          era: serving.era,
          calls: serving.calls,
          ...(serving.serverName ? { server: serving.serverName } : {}),
        },
      };
    } catch (error) {
      await replays.stopReplay(serving.id).catch(() => undefined);
      throw error;
    }
  },
};
