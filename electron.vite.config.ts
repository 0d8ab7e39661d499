import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// main and preload stay thin; the renderer is a plain web app also served by the browser host.
export default defineConfig({
  main: {
    build: { outDir: 'out/main', rollupOptions: { input: resolve('src/main/index.ts') } },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: resolve('src/preload/index.ts'), output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    build: { outDir: resolve('out/renderer'), rollupOptions: { input: resolve('src/renderer/index.html') } },
    plugins: [react()],
  },
});
