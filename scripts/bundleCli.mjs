#!/usr/bin/env node
// The `loupe` command as a bundle (npm run build:node runs this after tsc): out/node/bundle/loupe.js and the chunks
// its commands load when used. A run loads a handful of files instead of ~250 modules one by one: before this,
// resolving, reading and compiling them took most of a `loupe list`'s first 400 ms (bench/README.md, "Start-up").
//
// Built from src/ with rolldown (vite 8's bundler, in node_modules through vite). Packages stay outside the
// bundle (they load from node_modules when a chunk imports them). The bundle sits one folder below out/node, as
// out/node/core does, so the paths the engine finds from its own file still hold: ../demo/server.js (the compiled
// demo), the package.json and bin/loupe.js above it, out/renderer; the tap's forwarding thread and the lens thread
// are entries of their own beside the chunks (new URL('./forwardWorker.js', import.meta.url), './lensWorker.js').
import { rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
export const bundleDir = join(root, 'out', 'node', 'bundle');
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

rmSync(bundleDir, { recursive: true, force: true });
const { output } = await build({
  input: {
    loupe: join(root, 'src', 'cli', 'main.ts'),
    forwardWorker: join(root, 'src', 'core', 'tap', 'forwardWorker.ts'),
    lensWorker: join(root, 'src', 'core', 'lenses', 'lensWorker.ts'),
  },
  platform: 'node',
  // Node built-ins and every package stay imports; only our own modules are bundled.
  external: (id) => builtins.has(id) || !/^[./]|^[A-Za-z]:[\\/]/.test(id),
  logLevel: 'warn',
  output: {
    dir: bundleDir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    sourcemap: false,
  },
});

// --graph: each chunk with its size, the chunks it imports statically and the source modules in it (to see what a
// command loads before its first request).
if (process.argv.includes('--graph')) {
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    const modules = Object.keys(chunk.modules).map((id) =>
      id.replace(`${root}`, '').replace(/^.*node_modules\//, ''),
    );
    process.stdout.write(
      `${chunk.fileName} ${chunk.code.length} bytes; imports ${chunk.imports.join(' ')}; dynamic ${chunk.dynamicImports.join(' ')}\n  ${modules.join('\n  ')}\n`,
    );
  }
}
