/**
 * What is too large to hand an agent in one tool result, as resources it reads page by page: a session's listing of
 * a kind (every item exactly as sent, 100 a page), its frames (100 a page, each frame's raw text cut at 16 KiB with
 * its full size said; one frame whole by its seq), and the snapshots this run wrote (loupe://snapshots/<file>).
 * Every text is scrubbed of the session's secrets like the tools' results.
 */
import { basename, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { JsonObject, JsonValue } from '../../../shared/json.js';
import type { Frame } from '../../../shared/frames.js';
import type { AgentSessions } from '../agentSessions.js';
import { RpcFailure, rpcCodes } from '../protocol/rpc.js';

export const pageSize = 100;
const maxRawInPage = 16 * 1024;
/** A frame's raw text past this is read in parts of this size (a 10 MB result is never one text block). */
export const framePartChars = 512 * 1024;
const framesPerCall = 50_000;

export function listingUri(session: string, kind: string, page: number): string {
  return `loupe://sessions/${session}/lists/${kind}/pages/${page}`;
}

export function framesUri(session: string, page: number): string {
  return `loupe://sessions/${session}/frames/pages/${page}`;
}

export function framePartUri(session: string, seq: number, part: number): string {
  return `loupe://sessions/${session}/frames/${seq}/parts/${part}`;
}

export function snapshotUri(file: string): string {
  return `loupe://snapshots/${encodeURIComponent(basename(file))}`;
}

export const sessionTemplates: JsonObject[] = [
  {
    uriTemplate: 'loupe://sessions/{session}/lists/{kind}/pages/{page}',
    name: 'listing',
    title: 'A listing, page by page',
    description:
      'Every item of a kind (tools, resources, templates, prompts, skills) exactly as the server sent it, 100 a page, page 1 first. The list tool walks the server; this reads what it kept.',
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'loupe://sessions/{session}/frames/pages/{page}',
    name: 'frames',
    title: "A session's frames, page by page",
    description:
      'Every JSON-RPC frame of the session both ways, in order, 100 a page (raw text cut at 16 KiB; read one frame whole by its seq). Timings, methods, ids and pairings included.',
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'loupe://sessions/{session}/frames/{seq}',
    name: 'frame',
    title: 'One frame, whole',
    description:
      'One frame of a session by its seq, its raw text whole up to 512 KiB; a larger one holds its first part, and rawParts and nextPart name the rest (frames/{seq}/parts/{part}).',
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'loupe://sessions/{session}/frames/{seq}/parts/{part}',
    name: 'frame part',
    title: "A large frame's raw text, part by part",
    description: "One 512 KiB part of a large frame's raw text, part 1 first; join the parts' text in order.",
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'loupe://snapshots/{file}',
    name: 'snapshot',
    title: 'A snapshot file',
    description:
      'A loupe.snapshot/1 file the snapshot tool wrote (secrets redacted): the handshake, every list as sent, lint, every frame.',
    mimeType: 'application/json',
  },
];

function notFound(uri: string, modern: boolean, why: string): RpcFailure {
  // 2026-07-28 names -32602 for an unknown resource; earlier revisions used -32002.
  return new RpcFailure(
    modern ? rpcCodes.invalidParams : -32002,
    `Resource not found: ${uri.slice(0, 300)} (${why})`,
    { uri: uri.slice(0, 300) },
  );
}

function page(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d{0,8}$/.test(text)) return undefined;
  return Number(text);
}

function frameOut(frame: Frame, whole: boolean): JsonObject {
  const cut = !whole && frame.raw.length > maxRawInPage;
  return {
    ...(JSON.parse(JSON.stringify(frame)) as JsonObject),
    raw: cut ? frame.raw.slice(0, maxRawInPage) : frame.raw,
    ...(cut ? { rawCut: true } : {}),
  };
}

export interface ResourceRead {
  text: string;
  mimeType: string;
}

/** Reads a loupe:// URI; undefined when it is not one of ours (the caller tries the others). */
export async function readSessionResource(
  uri: string,
  sessions: AgentSessions,
  snapshots: { dir: string; written: ReadonlySet<string> },
  modern: boolean,
): Promise<ResourceRead | undefined> {
  const json = (value: JsonValue): ResourceRead => ({
    text: JSON.stringify(value),
    mimeType: 'application/json',
  });
  const snapshot = /^loupe:\/\/snapshots\/([^/]+)$/.exec(uri);
  if (snapshot) {
    const file = decodeURIComponent(snapshot[1] ?? '');
    if (file !== basename(file) || !snapshots.written.has(file))
      throw notFound(uri, modern, 'no snapshot of that name was written by this run');
    return { text: await readFile(join(snapshots.dir, file), 'utf8'), mimeType: 'application/json' };
  }
  const match =
    /^loupe:\/\/sessions\/([^/]+)\/(lists\/([^/]+)\/pages\/([^/]+)|frames\/pages\/([^/]+)|frames\/([^/]+)(?:\/parts\/([^/]+))?)$/.exec(
      uri,
    );
  if (!match)
    return uri.startsWith('loupe://')
      ? Promise.reject(notFound(uri, modern, 'not a resource of loupe mcp'))
      : undefined;
  const id = match[1] ?? '';
  let session;
  try {
    session = sessions.get(id);
  } catch (error) {
    throw notFound(uri, modern, error instanceof Error ? error.message : String(error));
  }
  if (match[3] !== undefined) {
    const kind = match[3];
    const number = page(match[4]);
    if (number === undefined) throw notFound(uri, modern, 'the page is a number from 1');
    const methods = sessions.methods(id, 'keptLists');
    const listing =
      kind === 'skills'
        ? await sessions.methods(id, 'listSkills').listSkills()
        : (await methods.keptLists()).find((result) => result.kind === kind);
    if (!listing)
      throw notFound(uri, modern, `nothing of kind "${kind.slice(0, 40)}" was listed yet: call list first`);
    const pages = Math.max(1, Math.ceil(listing.items.length / pageSize));
    if (number > pages) throw notFound(uri, modern, `the listing has ${pages} pages`);
    return json(
      sessions.scrub(session, {
        session: id,
        kind,
        page: number,
        pages,
        count: listing.items.length,
        complete: listing.complete,
        items: listing.items.slice((number - 1) * pageSize, number * pageSize),
        ...(number < pages ? { next: listingUri(id, kind, number + 1) } : {}),
      }),
    );
  }
  const recorder = sessions.methods(id, 'frames');
  if (match[5] !== undefined) {
    const number = page(match[5]);
    if (number === undefined) throw notFound(uri, modern, 'the page is a number from 1');
    const frames = await recorder.frames(0, framesPerCall);
    const pages = Math.max(1, Math.ceil(frames.length / pageSize));
    if (number > pages) throw notFound(uri, modern, `the session has ${pages} pages of frames`);
    return json(
      sessions.scrub(session, {
        session: id,
        page: number,
        pages,
        total: frames.length,
        frames: frames
          .slice((number - 1) * pageSize, number * pageSize)
          .map((frame) => frameOut(frame, false)),
        ...(number < pages ? { next: framesUri(id, number + 1) } : {}),
      }),
    );
  }
  const seq = page(match[6]);
  const frame = seq === undefined ? undefined : (await recorder.frames(seq - 1, 1))[0];
  if (!frame || frame.seq !== seq) throw notFound(uri, modern, 'no frame of that seq');
  // Scrubbed whole before it is cut, so no secret is split across two parts and missed.
  const raw = sessions.scrub(session, frame.raw);
  const parts = Math.max(1, Math.ceil(raw.length / framePartChars));
  const part = match[7] === undefined ? undefined : page(match[7]);
  if (match[7] !== undefined && (part === undefined || part > parts))
    throw notFound(uri, modern, `the frame's raw text has ${parts} parts, from 1`);
  const partText = (number: number) => raw.slice((number - 1) * framePartChars, number * framePartChars);
  if (part !== undefined)
    return json({
      session: id,
      seq: frame.seq,
      part,
      parts,
      text: partText(part),
      ...(part < parts ? { next: framePartUri(id, frame.seq, part + 1) } : {}),
    });
  const whole = sessions.scrub(session, frameOut(frame, true));
  return json(
    parts === 1
      ? whole
      : { ...whole, raw: partText(1), rawParts: parts, nextPart: framePartUri(id, frame.seq, 2) },
  );
}
