/** Resolves the embedded demo server to a stdio target: the compiled demo next to the compiled core. */
import { fileURLToPath } from 'node:url';
import type { StdioTarget } from '../shared/target.js';

/** out/node/core/demoTarget.js → out/node/demo/server.js (likewise src/core → src/demo under a TS runner). */
export function defaultDemoScript(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`../demo/server${extension}`, import.meta.url));
}

export function demoTarget(scriptPath: string = defaultDemoScript()): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [scriptPath] };
}
