/** Resolves the embedded demo server to a stdio target: the compiled demo next to the compiled core. */
import { fileURLToPath } from 'node:url';
import type { StdioTarget } from '../shared/target.js';

/**
 * out/node/core/demoTarget.js → out/node/demo/server.js. When this module runs from source (src/core under
 * vitest or a TS runner), the demo is still the compiled one: plain `node` cannot run src/demo/server.ts.
 */
export function defaultDemoScript(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return fileURLToPath(new URL(fromSource ? '../../out/node/demo/server.js' : '../demo/server.js', import.meta.url));
}

export function demoTarget(scriptPath: string = defaultDemoScript()): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [scriptPath] };
}
