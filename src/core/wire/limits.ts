/**
 * Size limits on what a server may send, counted in bytes as received (after HTTP decompression).
 * Defaults are generous: far above any real tool result (a base64 image of tens of MB fits a frame),
 * low enough that a compression bomb or an endless line stops long before the machine runs out of memory
 * (a frame is held as text, parsed and shown, so a few times its size in RAM).
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { SessionOptions } from '../../shared/session.js';

export const defaultMaxFrameBytes = 64 * 1024 * 1024;
export const defaultMaxResponseBytes = 256 * 1024 * 1024;
/** How much of an oversized message is kept in its recorded frame. */
export const keptPrefixBytes = 4096;

export interface WireLimits {
  maxFrameBytes: number;
  maxResponseBytes: number;
}

export function wireLimits(
  options: Pick<SessionOptions, 'maxFrameBytes' | 'maxResponseBytes'> = {},
): WireLimits {
  return {
    maxFrameBytes: positive(options.maxFrameBytes, defaultMaxFrameBytes),
    maxResponseBytes: positive(options.maxResponseBytes, defaultMaxResponseBytes),
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

/** The named error of a message or body past its limit; `what` says which (e.g. "a stdout line"). */
export function tooLarge(
  kind: 'frame-too-large' | 'response-too-large',
  what: string,
  limit: number,
  seen: number,
): LoupeErrorData {
  const name = kind === 'frame-too-large' ? 'maxFrameBytes' : 'maxResponseBytes';
  return {
    kind,
    message: `${what} passed the limit of ${limit} bytes (${name}); ${seen} bytes were read before Loupe stopped`,
    data: { limit, bytesSeen: seen },
  };
}

/** The parseError of the truncated frame recorded in place of an oversized message. */
export function truncatedNote(error: LoupeErrorData, kept: number): string {
  return `${error.message}: only the first ${kept} bytes are recorded`;
}

/** Whether an invalid frame's parseError is a truncatedNote: a message past a limit, not one that failed to parse. */
export function isTruncatedNote(parseError: string | undefined): boolean {
  return parseError !== undefined && /: only the first \d+ bytes are recorded$/.test(parseError);
}
