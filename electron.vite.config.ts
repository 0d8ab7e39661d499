import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './src/core/backend/contentSecurityPolicy';

/**
 * The built page carries its CSP in a meta tag too: Electron loads it from file://, where no response
 * header exists. (frame-ancestors is header-only; the browser host and Electron's session send it.)
 */
function contentSecurityMeta(): Plugin {
  // MCP Apps: the sandbox origin's port is chosen at run time, so the meta allows loopback frames and the
  // browser host's header narrows that to the one sandbox origin (both policies apply).
  const policy = contentSecurityPolicy({ frameSources: ['http://127.0.0.1:*'] })
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  return {
    name: 'loupe-content-security-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

// main and preload stay thin; the renderer is a plain web app also served by the browser host.
// main is ESM; the preload is CommonJS because a sandboxed preload cannot be an ES module.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The lens thread (src/core/lenses/lensThread.ts) is a file of its own beside index.js.
      rollupOptions: {
        input: { index: resolve('src/main/index.ts'), lensWorker: resolve('src/core/lenses/lensWorker.ts') },
      },
      // ajv is bundled: core imports its JSON meta-schemas with `with { type: 'json' }`, an attribute the
      // bundler drops from external imports, and Node refuses JSON modules without it.
      externalizeDeps: { exclude: ['ajv', 'ajv-formats'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: resolve('src/preload/index.ts'),
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    // electron-vite leaves the renderer unminified by default: 949 kB of script to parse before the first paint, 411 kB
    // minified (the browser host serves the same files over loopback, so the shell's parse time is what counts).
    build: {
      outDir: resolve('out/renderer'),
      // LOUPE_UNMINIFIED=1 keeps the module comments, so a profile can name the source file (bench/investigations).
      minify: process.env.LOUPE_UNMINIFIED !== '1',
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
    plugins: [react(), contentSecurityMeta()],
  },
});
