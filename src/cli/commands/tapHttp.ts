/** `loupe tap --url`: the loopback reverse proxy (src/core/tap/httpTap.ts). */
import { LoupeError } from '../../shared/errors.js';
import type { UrlTarget } from '../../shared/target.js';
import type { TapInvocation } from '../tapArguments.js';
import type { Terminal } from '../terminal.js';

export function tapHttpCommand(
  _invocation: TapInvocation,
  _target: UrlTarget,
  _terminal: Terminal,
): Promise<number> {
  return Promise.reject(new LoupeError({ kind: 'usage', message: 'tap --url is not built yet.' }));
}
