/**
 * A server that rejects unknown _meta keys (test/servers/strictMeta.mjs: -32602 "Unrecognized key(s) … at
 * params._meta", as a strict schema answers) refuses Loupe's trace context from initialize on. The doctor names
 * the cause and the setting that turns trace context off, in the CLI and in the app; with it off, the server works.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { requireBuild, runLoupe } from '../cli/loupe.js';

const strictMeta = fileURLToPath(new URL('../servers/strictMeta.mjs', import.meta.url));

let harness: Harness | undefined;
beforeAll(() => requireBuild());
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

interface Failure {
  error: {
    kind: string;
    code?: number;
    doctor?: { likelyCause: string; nextStep: string; evidence: string[] };
  };
}

describe('the doctor and a server that rejects unknown _meta keys', () => {
  it('the CLI names trace context as the cause and --trace-context off as the cure, which works', async () => {
    const failed = await runLoupe(['list', '--json', '--', process.execPath, strictMeta]);
    expect(failed.code).toBe(1);
    const { error } = JSON.parse(failed.stdout) as Failure;
    expect(error).toMatchObject({ kind: 'rpc-error', code: -32602 });
    expect(error.doctor?.likelyCause).toContain('trace context');
    expect(error.doctor?.likelyCause).toContain('traceparent');
    expect(error.doctor?.nextStep).toContain('--trace-context off');
    expect(error.doctor?.nextStep).toContain('Send trace context');

    const cured = await runLoupe([
      'list',
      '--json',
      '--trace-context',
      'off',
      '--',
      process.execPath,
      strictMeta,
    ]);
    expect(cured.code, cured.stderr).toBe(0);
    expect(
      (JSON.parse(cured.stdout) as { items: { name: string }[] }).items.map((tool) => tool.name),
    ).toEqual(['echo']);
  }, 60_000);

  it('the app’s connect error carries the same diagnosis; with the setting off it connects', async () => {
    const app = startHarness();
    harness = app;
    const target = { transport: 'stdio' as const, command: process.execPath, args: [strictMeta] };
    const refused = await app.api.connect(target).then(
      () => undefined,
      (error: unknown) => (error as { detail?: Failure['error'] }).detail,
    );
    expect(refused?.kind).toBe('rpc-error');
    expect(refused?.doctor?.nextStep).toContain('Send trace context');

    const settings = await app.api.getSettings();
    await app.api.saveSettings({ ...settings, traces: { context: false, export: false, receive: true } });
    const status = await app.api.connect(target);
    expect(status.state).toBe('connected');
    const listed = await app.api.list('tools');
    expect(listed.items.map((tool) => tool.name)).toEqual(['echo']);
  }, 60_000);
});
