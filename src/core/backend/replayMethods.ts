/**
 * The contract's replay methods: an opened snapshot served back on loopback (core/replay), with a copy of it kept
 * in a private temporary folder so that `loupe replay <file>` can serve it over stdio from a host's config too.
 * Every replay stops when the backend is disposed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, stringField } from '../../shared/json.js';
import type { ReplayRequest, ReplayServing } from '../../shared/replay.js';
import { serveHttp, type HttpReplay } from '../replay/httpReplay.js';
import { recordingOf } from '../replay/loadRecording.js';
import { parseSnapshot } from '../snapshot/parseSnapshot.js';

type ReplayMethods = Pick<BackendMethods, 'serveReplay' | 'stopReplay'>;

/** The request as sent over a carrier: checked, since the contract's types do not survive the wire. */
function parseRequest(value: unknown): ReplayRequest {
  if (!isJsonObject(value) || typeof value.text !== 'string')
    throw new LoupeError({
      kind: 'usage',
      message: 'serveReplay wants { text, fileName?, onMiss?, pace? }.',
    });
  return {
    text: value.text,
    ...(typeof value.fileName === 'string' ? { fileName: value.fileName } : {}),
    ...(value.onMiss === 'nearest' ? { onMiss: 'nearest' as const } : {}),
    ...(value.pace === 'recorded' ? { pace: 'recorded' as const } : {}),
  };
}

/** A safe file name from the one the snapshot was opened as. */
function copyName(fileName: string | undefined): string {
  const base = (fileName ?? 'recording.json').replace(/[^\w.-]+/g, '_').slice(0, 100);
  return base.endsWith('.json') ? base : `${base}.json`;
}

const quoted = (path: string): string =>
  /^[\w./:-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;

export function createReplayMethods(): { methods: ReplayMethods; closeAll(): Promise<void> } {
  const running = new Map<string, HttpReplay>();
  let folder: Promise<string> | undefined;
  const methods: ReplayMethods = {
    async serveReplay(given) {
      const request = parseRequest(given);
      const { snapshot, index } = recordingOf(parseSnapshot(request.text));
      folder ??= mkdtemp(join(tmpdir(), 'loupe-replay-'));
      const id = randomUUID();
      const file = join(await folder, `${id.slice(0, 8)}-${copyName(request.fileName)}`);
      await writeFile(file, request.text, { mode: 0o600 });
      const recordedUrl =
        snapshot.target.transport === 'stdio' || snapshot.target.transport === 'demo'
          ? undefined
          : snapshot.target.url;
      const served = await serveHttp(
        index,
        { onMiss: request.onMiss ?? 'error', pace: request.pace ?? 'instant' },
        recordedUrl ? { recordedUrl } : {},
      );
      running.set(id, served);
      const serverName = stringField(snapshot.serverInfo, 'name');
      const serving: ReplayServing = {
        id,
        url: served.url,
        transport: served.sseUrl === undefined ? 'http' : 'sse',
        file,
        command: `loupe replay ${quoted(file)}`,
        calls: index.calls,
        era: index.era,
        ...(serverName === undefined ? {} : { serverName }),
      };
      return serving;
    },
    async stopReplay(id) {
      const served = running.get(String(id));
      running.delete(String(id));
      await served?.close();
    },
  };
  return {
    methods,
    async closeAll() {
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map((served) => served.close().catch(() => undefined)));
    },
  };
}
