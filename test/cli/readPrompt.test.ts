/**
 * `loupe read <uri>` and `loupe prompt <name>` against the official v2 SDK server over Streamable HTTP in the
 * 2026-07-28 era: the result printed, and on the wire (the journal's recorded Mcp-* request headers) Mcp-Method and
 * Mcp-Name carry resources/read's URI and prompts/get's name, as the 2026-07-28 HTTP binding asks.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV2HttpServer, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

let server: RunningHttpServer;
beforeAll(async () => {
  requireBuild();
  server = await startV2HttpServer('reject');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const directory = mkdtempSync(join(tmpdir(), 'loupe-read-prompt-'));

interface Recorded {
  direction: string;
  method?: string;
  http?: { requestHeaders?: Record<string, string> };
}
const sent = (journal: string, method: string): Recorded | undefined =>
  readFileSync(journal, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Recorded)
    .find((frame) => frame.direction === 'out' && frame.method === method);

describe('loupe read and loupe prompt (2026-07-28 over HTTP)', () => {
  it('read <uri>: the text on stdout, Mcp-Name the URI', async () => {
    const journal = join(directory, 'read.jsonl');
    const run = await runLoupe(['read', 'v2://readme', '--journal', journal, '--url', server.url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('The v2 test server.\n');
    expect(sent(journal, 'resources/read')?.http?.requestHeaders).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'resources/read',
      'mcp-name': 'v2://readme',
    });
    const json = await runLoupe(['read', 'v2://items/7', '--json', '--url', server.url]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      contents: [{ uri: 'v2://items/7', mimeType: 'text/plain', text: 'Item 7' }],
    });
  }, 60_000);

  it('prompt <name> --args: the message text, Mcp-Name the prompt; non-string arguments refused before sending', async () => {
    const journal = join(directory, 'prompt.jsonl');
    const run = await runLoupe([
      'prompt',
      'greet',
      '--args',
      '{"name":"Ada"}',
      '--journal',
      journal,
      '--url',
      server.url,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('Say hello to Ada.\n');
    expect(run.stderr).toContain('[1] user');
    expect(sent(journal, 'prompts/get')?.http?.requestHeaders).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'prompts/get',
      'mcp-name': 'greet',
    });
    const refused = await runLoupe(['prompt', 'greet', '--args', '{"name":1}', '--url', server.url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('prompt arguments are strings (prompts/get): "name" is number');
    const missing = await runLoupe(['read', '--url', server.url]);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringContaining('read needs a resource URI: loupe read <uri> <target>'),
    ]);
  }, 60_000);
});
