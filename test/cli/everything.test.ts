import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, requireBuild, runLoupe, startEverything, type RunningEverything } from './loupe.js';

beforeAll(requireBuild);

interface Document {
  transport: string;
  fallbackReason?: string;
  serverInfo: { name: string };
  complete: boolean;
  items: { name: string }[];
  pages: unknown[];
}

async function listJson(target: string[]): Promise<Document> {
  const run = await runLoupe(['list', '--json', ...target]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Document;
}

function expectEverything(document: Document): void {
  expect(document.serverInfo.name).toMatch(/everything/i);
  expect(document.complete).toBe(true);
  expect(document.pages).toHaveLength(1);
  const names = document.items.map((item) => item.name);
  expect(names).toContain('echo');
  expect(names).toContain('get-sum');
  // The CLI offers no sampling, elicitation or roots, so the tools that need them are not listed.
  expect(names).not.toContain('trigger-sampling-request');
  expect(names.length).toBeGreaterThanOrEqual(10);
}

describe('loupe against @modelcontextprotocol/server-everything', () => {
  it('over stdio: lists and calls echo', { timeout: 60_000 }, async () => {
    const target = ['--', process.execPath, everythingServer, 'stdio'];
    const listed = await listJson(target);
    expectEverything(listed);
    expect(listed.transport).toBe('stdio');
    const call = await runLoupe(['call', 'echo', '--args', '{"message":"over stdio"}', ...target]);
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout.split('\n')[0]).toBe('Echo: over stdio');
  });

  describe('over Streamable HTTP', () => {
    let server: RunningEverything;
    beforeAll(async () => {
      server = await startEverything('streamableHttp');
    });
    afterAll(() => server.stop());

    it('lists with --transport http and with auto, and calls get-sum', { timeout: 60_000 }, async () => {
      const chosen = await listJson(['--url', server.url, '--transport', 'http']);
      expectEverything(chosen);
      expect(chosen.transport).toBe('http');
      const auto = await listJson(['--url', server.url]);
      expectEverything(auto);
      expect(auto.transport).toBe('http');
      expect(auto.fallbackReason).toBeUndefined();
      const call = await runLoupe(['call', 'get-sum', '--args', '{"a":2,"b":40}', '--url', server.url, '--header', 'X-Loupe-Test: yes']);
      expect(call.code, call.stderr).toBe(0);
      expect(call.stdout).toContain('42');
    });
  });

  describe('over legacy SSE', () => {
    let server: RunningEverything;
    beforeAll(async () => {
      server = await startEverything('sse');
    });
    afterAll(() => server.stop());

    it('lists with --transport sse and falls back to SSE from auto', { timeout: 60_000 }, async () => {
      const chosen = await listJson(['--url', server.url, '--transport', 'sse']);
      expectEverything(chosen);
      expect(chosen.transport).toBe('sse');
      const auto = await listJson(['--url', server.url]);
      expectEverything(auto);
      expect(auto.transport).toBe('sse');
      expect(auto.fallbackReason).toMatch(/\S/);
      const call = await runLoupe(['call', 'echo', '--args', '{"message":"over sse"}', '--url', server.url, '--transport', 'sse']);
      expect(call.code, call.stderr).toBe(0);
      expect(call.stdout.split('\n')[0]).toBe('Echo: over sse');
    });
  });
});
