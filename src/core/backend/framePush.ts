/**
 * What of a frame is pushed to a UI (onFrames). An inbound list page crosses without its raw text: the page's items
 * already cross as the list's rows (onListProgress), so its text would make the host stringify and the page parse the
 * list twice (28 MB more at 50,000 tools, bench/README.md "The UI: a listing's items cross to the page once"). The
 * text stays in the recorder; the UI reads it by seq (`frames`) when a person opens, searches or copies the frame.
 * Every other frame crosses whole: the page reads their text as it arrives (stderr lines, error codes, log messages,
 * sign-in steps, the timeline's trace context and a tool call's isError).
 */
import type { Frame, FrameWithoutRaw, PushedFrame } from '../../shared/frames.js';

/** The frame with this seq, if the recorder still holds it. */
export type FrameLookup = (seq: number) => Frame | undefined;

/** Whether a frame is a server's answer to one of the `…/list` requests (tools/list, resources/list, …). */
export function isListPage(frame: Frame, lookup: FrameLookup): boolean {
  if (frame.kind !== 'response' || frame.direction !== 'in' || frame.pairSeq === undefined) return false;
  const request = lookup(frame.pairSeq);
  return request?.direction === 'out' && request.method?.endsWith('/list') === true;
}

/** The frame as it crosses: the recorder's own object when whole (never changed), a copy less its text otherwise. */
export function pushedFrame(frame: Frame, lookup: FrameLookup): PushedFrame {
  if (!isListPage(frame, lookup)) return frame;
  // Field by field, no spread and no delete: the recorder's frame is shared with its ring and journal.
  const lean: FrameWithoutRaw = {
    seq: frame.seq,
    t: frame.t,
    wall: frame.wall,
    direction: frame.direction,
    kind: frame.kind,
    bytes: frame.bytes,
    rawLeft: true,
  };
  if (frame.method !== undefined) lean.method = frame.method;
  if (frame.id !== undefined) lean.id = frame.id;
  if (frame.parseError !== undefined) lean.parseError = frame.parseError;
  if (frame.pairSeq !== undefined) lean.pairSeq = frame.pairSeq;
  if (frame.rttMs !== undefined) lean.rttMs = frame.rttMs;
  if (frame.http !== undefined) lean.http = frame.http;
  if (frame.app !== undefined) lean.app = frame.app;
  if (frame.channel !== undefined) lean.channel = frame.channel;
  if (frame.fault !== undefined) lean.fault = frame.fault;
  return lean;
}

/** A lookup over a recorder's frames (`frames(after, limit)`): undefined once it no longer holds that seq. */
export function lookupIn(frames: (after: number, limit: number) => Frame[]): FrameLookup {
  return (seq) => {
    const [frame] = frames(seq - 1, 1);
    return frame?.seq === seq ? frame : undefined;
  };
}
