import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: the engine, CLI and host run in Node against real servers; the renderer runs in jsdom.
// Workers: vitest's default (cores − 1) leaves a 2-core machine at one, yet most node tests wait on child
// processes and loopback sockets rather than compute; three files at once keep 2 cores busy (CI: .ci/run).
// Test servers listen on ephemeral ports (the blocked-port test takes the first free one of several) and tests
// write into temporary directories of their own, so files running side by side do not collide.
export default defineConfig({
  test: {
    maxWorkers: Math.max(availableParallelism() - 1, 3),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/{shared,core,cli,host,demo}/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
