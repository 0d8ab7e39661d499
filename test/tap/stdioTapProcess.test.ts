/**
 * `loupe tap` as a process a host runs: the server's exit code and death by signal become the tap's, a signal sent
 * to the tap reaches the server, stderr passes through, and a command that cannot start or a bad rule fails with a
 * named error at once (the host is never left waiting).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { loupeBin, requireBuild, runLoupe } from '../cli/loupe.js';
import { journalFrames, tapFiles } from './tapHarness.js';

function tap(files: ReturnType<typeof tapFiles>, script: string) {
  return spawn(
    process.execPath,
    [loupeBin, 'tap', '--journal', files.journal, '--', process.execPath, '-e', script],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

function collect(stream: NodeJS.ReadableStream): {
  text: () => string;
  line: (pattern: RegExp) => Promise<void>;
} {
  let text = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
    for (const waiter of waiters.splice(0)) {
      if (waiter.pattern.test(text)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  return {
    text: () => text,
    line: (pattern) =>
      pattern.test(text) ? Promise.resolve() : new Promise((resolve) => waiters.push({ pattern, resolve })),
  };
}

describe('loupe tap as the process a host runs', () => {
  beforeAll(() => requireBuild());

  it("exits with the server's exit code, stderr passed through and recorded", async () => {
    const files = tapFiles();
    const child = tap(
      files,
      'process.stderr.write(\'bye from the server\\n\'); process.stdout.write(\'{"jsonrpc":"2.0","method":"x"}\\n\'); process.exitCode = 7',
    );
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    child.stdin.end();
    const [code] = (await once(child, 'close')) as [number | null];
    expect(code).toBe(7);
    expect(stderr.text()).toContain('bye from the server\n');
    expect(stdout.text()).toBe('{"jsonrpc":"2.0","method":"x"}\n');
    const frames = journalFrames(files.journal);
    expect(frames.map((frame) => [frame.kind, frame.raw])).toEqual(
      expect.arrayContaining([
        ['stderr', 'bye from the server'],
        ['notification', '{"jsonrpc":"2.0","method":"x"}'],
      ]),
    );
  });

  it('passes a signal sent to the tap on to the server, and dies of the signal the server died of', async () => {
    const files = tapFiles();
    const handled = tap(
      files,
      "process.on('SIGTERM', () => { process.stderr.write('server got SIGTERM\\n'); process.exit(3); }); process.stderr.write('ready\\n'); setInterval(() => {}, 1000);",
    );
    const stderr = collect(handled.stderr);
    await stderr.line(/ready/);
    handled.kill('SIGTERM');
    const [code] = (await once(handled, 'close')) as [number | null];
    expect(stderr.text()).toContain('server got SIGTERM');
    expect(code).toBe(3);

    const killed = tap(tapFiles(), "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);");
    killed.stdin.end();
    const [killedCode, signal] = (await once(killed, 'close')) as [number | null, NodeJS.Signals | null];
    expect([killedCode, signal]).toEqual([null, 'SIGTERM']);
  });

  it('names a server command that cannot start, and exits', async () => {
    const files = tapFiles();
    const run = await runLoupe(['tap', '--journal', files.journal, '--', 'no-such-server-command-xyz']);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/no-such-server-command-xyz/);
    expect(run.stderr).toMatch(/not found|ENOENT/i);
  });

  it('rejects a malformed --fault rule with a usage error naming it', async () => {
    const run = await runLoupe(['tap', '--fault', 'in,method=tools/list:explode', '--', 'node', 'server.js']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--fault "in,method=tools/list:explode": unknown action "explode"');
    const missing = await runLoupe(['tap']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('tap needs the server');
  });
});
