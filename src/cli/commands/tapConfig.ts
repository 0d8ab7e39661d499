/** `loupe tap --config <file> --server <name> --print | --write`: the config entry that routes a server through the tap. */
import { LoupeError } from '../../shared/errors.js';
import type { Terminal } from '../terminal.js';

export function tapConfigCommand(
  _config: { path: string; server: string; mode: 'print' | 'write'; yes: boolean },
  _terminal: Terminal,
): Promise<number> {
  return Promise.reject(new LoupeError({ kind: 'usage', message: 'tap --config is not built yet.' }));
}
