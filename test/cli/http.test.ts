import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../helpers/servers.js';
import { freePort, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

describe.each(['http', 'sse'] as const)(
  'loupe against the paginating test server over %s',
  { timeout: 60_000 },
  (transport) => {
    let server: RunningHttpServer;
    beforeAll(async () => {
      server = await startHttpServer(transport, ['--tools', '100', '--page-size', '25']);
    });
    afterAll(() => server.stop());

    it('follows every cursor: 102 tools over 5 pages, with the transport named and auto', async () => {
      for (const args of [['--transport', transport], []]) {
        const run = await runLoupe(['list', '--url', server.url, ...args]);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('102 tools · 5 pages');
      }
    });

    it('stops at the page limit, loudly', async () => {
      const run = await runLoupe([
        'list',
        '--url',
        server.url,
        '--transport',
        transport,
        '--page-limit',
        '2',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^50 tools · 2 pages · INCOMPLETE \(page-limit\)/m);
      expect(run.stderr.trim()).toMatch(/^loupe: page limit: /);
    });

    it('calls echo (it answers with args.text) with custom headers', async () => {
      const args = { text: 'über 😀', n: [1, 2] };
      const run = await runLoupe([
        'call',
        'echo',
        '--url',
        server.url,
        '--transport',
        transport,
        '--header',
        'Authorization: Bearer t0ken',
        '--json',
        '--args',
        JSON.stringify(args),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as { content: { type: string; text: string }[] };
      expect(result).toEqual({ content: [{ type: 'text', text: 'über 😀' }] });
    });
  },
);

describe('connection refused over each transport', { timeout: 60_000 }, () => {
  it.each(['http', 'sse', 'auto'])('%s', async (transport) => {
    const port = await freePort();
    const run = await runLoupe(['list', '--url', `http://127.0.0.1:${port}/mcp`, '--transport', transport]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^loupe: connection refused: /);
  });
});
