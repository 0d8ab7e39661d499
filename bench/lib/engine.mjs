// Loads Loupe's compiled engine from out/node (scripts/bench.mjs builds it first when stale). Each loader
// resolves to the module or throws an Error whose message says what is missing, so a section can report
// "not ready: <reason>" instead of crashing while the engine is still landing.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const outNode = join(root, 'out', 'node');

async function load(relative, exportName) {
  const path = join(outNode, relative);
  if (!existsSync(path)) throw new Error(`out/node/${relative} does not exist (engine not built or not landed yet)`);
  const module = await import(pathToFileURL(path).href);
  if (typeof module[exportName] !== 'function') throw new Error(`out/node/${relative} has no export ${exportName}`);
  return module[exportName];
}

export const loadConnect = () => load('core/session/connect.js', 'connect');
export const loadWalkList = () => load('core/lists/pageWalker.js', 'walkList');
export const loadCallTool = () => load('core/calls/callTool.js', 'callTool');
export const loadFrameRecorder = () => load('core/recorder/frameRecorder.js', 'FrameRecorder');
export const loadStartHost = () => load('host/startHost.js', 'startHost');

/** The bench server as a stdio target (Loupe's shape) and as command + args (SDK and raw floor). */
export function benchServer(flags) {
  const script = join(root, 'bench', 'servers', 'manyTools.mjs');
  const args = [script, ...flags.map(String)];
  return { command: process.execPath, args, target: { transport: 'stdio', command: process.execPath, args } };
}
