import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, repositoryRoot } from '../cli/loupe.js';

beforeAll(requireBuild);

const runner = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url));

async function conformance(scenario: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [runner, 'client', '--command', `"${process.execPath}" test/conformance/client.mjs`, '--scenario', scenario], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(killer);
  return { code, output };
}

describe('@modelcontextprotocol/conformance client scenarios, driven through the loupe CLI', () => {
  it.each(['initialize', 'tools_call', 'sse-retry'])('%s passes', async (scenario) => {
    const { code, output } = await conformance(scenario);
    expect(output).toMatch(/Passed: ([1-9]\d*)\/\1, 0 failed, 0 warnings/);
    expect(output).toContain('OVERALL: PASSED');
    expect(output).not.toContain('Client exited with code');
    expect(code, output).toBe(0);
  }, 60_000);
});
