/**
 * `loupe replay <file>`: serves a recorded session (a snapshot's frames) back as an MCP server. Over stdio by default
 * (stdout is the protocol; one line on stderr says what is served), or over HTTP on loopback with --http: the first
 * stdout line is `Replaying <file> at <url>` (--json: {"event":"listening","url"}). A recording that cannot be
 * served fails with one named error before anything is (frames changed since saving: snapshot-digest-mismatch); the
 * stderr line says whether its frames were verified against their digest, or why not (a file from before it).
 */
import { LoupeError } from '../../shared/errors.js';
import { stringField } from '../../shared/json.js';
import { serveHttp } from '../../core/replay/httpReplay.js';
import { loadRecording, type LoadedRecording } from '../../core/replay/loadRecording.js';
import type { RecordingIndex } from '../../core/replay/recordingIndex.js';
import { unverifiedReason } from '../../core/snapshot/frameDigest.js';
import type { ReplayOptions } from '../../core/replay/replaySession.js';
import { serveStdio } from '../../core/replay/stdioReplay.js';
import type { Invocation } from '../arguments.js';
import { plural, printable, type Terminal } from '../terminal.js';

function portInUse(error: unknown, port: number | undefined): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return new LoupeError(
    {
      kind: 'io-error',
      message: `Port ${String(port)} on 127.0.0.1 is already in use: give another --port, or --port 0 for any free one`,
    },
    { cause: error },
  );
}

/**
 * What the command says about the recording, and the index it serves. The parsed snapshot (every tool as an
 * object, besides the frames' text) is not kept while serving: the index holds the recorded text it needs.
 */
function describe({ snapshot, index }: LoadedRecording): {
  index: RecordingIndex;
  what: string;
  recordedUrl?: string;
} {
  const server = printable(stringField(snapshot.serverInfo, 'name') ?? 'the server');
  const era = index.era === 'modern' ? '2026-07-28' : (snapshot.protocolVersion ?? 'legacy');
  // Read through parseSnapshot, which checked the frames against their digest when the file has one.
  const unverified = unverifiedReason(snapshot);
  const frames =
    unverified === undefined
      ? 'frames verified against their digest'
      : `UNVERIFIED: ${unverified}; a frame changed since would be served as it is`;
  const what = `${server} as recorded ${snapshot.testedAt} (${era}, ${plural(index.calls, 'recorded call')}; ${frames})`;
  const target = snapshot.target;
  return {
    index,
    what,
    ...(target.transport === 'stdio' || target.transport === 'demo' ? {} : { recordedUrl: target.url }),
  };
}

export async function replayCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const file = invocation.files?.[0] ?? '';
  const { index, ...facts } = describe(await loadRecording(file));
  const { http, onMiss, pace } = invocation.options.replay;
  const options: ReplayOptions = {
    onMiss,
    pace,
    onServed: (event) => {
      if (event.outcome === 'miss' || event.outcome === 'unanswered' || event.outcome === 'nearest') {
        terminal.err(
          `loupe replay: ${event.method}: ${event.outcome}${event.message ? ` — ${printable(event.message)}` : ''}`,
        );
      }
    },
  };
  const { what, recordedUrl } = facts;
  if (!http) {
    terminal.err(`loupe replay: serving ${what} over stdio`);
    await serveStdio(index, options, process.stdin, process.stdout).done;
    return 0;
  }
  const port = invocation.options.port;
  const served = await serveHttp(index, options, {
    ...(port === undefined ? {} : { port }),
    ...(recordedUrl ? { recordedUrl } : {}),
  }).catch((error: unknown) => {
    throw portInUse(error, port);
  });
  if (invocation.options.json)
    terminal.out(
      JSON.stringify({
        event: 'listening',
        url: served.url,
        streamableUrl: served.streamableUrl,
        ...(served.sseUrl ? { sseUrl: served.sseUrl } : {}),
      }),
    );
  else terminal.out(`Replaying ${file} at ${served.url}`);
  terminal.err(
    `loupe replay: serving ${what}${served.sseUrl ? ` (legacy SSE at ${served.sseUrl}, Streamable HTTP at ${served.streamableUrl})` : ''}. Ctrl-C to stop.`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await served.close();
  return 0;
}
