/**
 * Findings about the session rather than one tool: deprecated protocol features it used, and lines on a stdio
 * server's stdout that are not JSON-RPC. From the handshake and the frames recorded so far.
 */
import type { Frame } from '../../shared/frames.js';
import type { Finding } from '../../shared/lint.js';
import type { Handshake } from '../../shared/session.js';
import { deprecatedFeatureFindings } from './deprecatedFeatures.js';
import { stdoutFindings } from './stdoutNoise.js';

export function sessionFindings(handshake: Handshake, frames: readonly Frame[]): Finding[] {
  return [...stdoutFindings(frames), ...deprecatedFeatureFindings(handshake, frames)];
}
