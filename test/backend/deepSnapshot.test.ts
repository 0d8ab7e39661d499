/**
 * Opening a snapshot whose tool schema nests 100,000 levels deep, through the real backend and the carrier
 * (every message round-trips through JSON): the call ends with a named error instead of no reply; a deep but
 * sane schema still opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoupeError } from '../../src/shared/errors.js';
import { startHarness, type Harness } from './backendHarness.js';

let harness: Harness;
let snapshotText: string;

/** The demo session's snapshot with an extra property `deep` nested `depth` levels in the first tool's inputSchema. */
function withDeepSchema(depth: number): string {
  const marker = /"inputSchema": *\{/;
  expect(snapshotText).toMatch(marker);
  return snapshotText.replace(
    marker,
    (found) => `${found}"deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},`,
  );
}

function depthOf(value: unknown): number {
  let depth = 0;
  let current = value;
  while (typeof current === 'object' && current !== null && 'a' in current) {
    current = current.a;
    depth++;
  }
  return depth;
}

beforeAll(async () => {
  harness = startHarness();
  await harness.api.connect({ transport: 'demo' });
  await harness.api.list('tools');
  snapshotText = (await harness.api.createSnapshot()).text;
});
afterAll(async () => {
  await harness.close();
});

describe('opening a hostile snapshot', () => {
  it('refuses a schema nested 100,000 deep with snapshot-invalid naming the depth', async () => {
    const error = await harness.api.loadSnapshot(withDeepSchema(100_000)).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).kind).toBe('snapshot-invalid');
    expect((error as LoupeError).message).toContain('100,00');
    expect((error as LoupeError).detail.data).toMatchObject({ limit: 1000 });
    expect(((error as LoupeError).detail.data as { depth: number }).depth).toBeGreaterThan(100_000);
  });

  it('opens a schema nested 200 deep, the nesting intact', async () => {
    const snapshot = await harness.api.loadSnapshot(withDeepSchema(200));
    const schema = snapshot.tools[0]?.inputSchema as { deep?: unknown } | undefined;
    expect(depthOf(schema?.deep)).toBe(200);
    expect(snapshot.tools.length).toBe(snapshot.toolCount);
  });

  it('still answers other calls afterwards', async () => {
    const status = await harness.api.status();
    expect(status.state).toBe('connected');
  });
});
