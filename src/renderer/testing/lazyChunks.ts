/**
 * The chunks the app loads lazily (the call panel brings rjsf and Ajv), loaded before a test's own clock starts. On
 * first import vitest transforms each of them, which on a loaded 2-core machine took 8 s of a 15 s test that opens a
 * tool (src/renderer/hostileNames.test.tsx at load 13): the test then timed out while everything it waited on was
 * right. In a beforeAll, that cost is the file's setup, bounded by the hook's own limit, and the test times what a
 * person does. The app itself still loads them lazily.
 */
export const lazyChunksHookMs = 120_000;

export async function loadLazyChunks(): Promise<void> {
  await import('../calls/ToolCallPanel');
}
