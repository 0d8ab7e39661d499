import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  modernServerPath,
  startModernHttp,
  type RunningModernServer,
} from '../servers/modern/modernServers.js';
import { readSnapshot } from '../../src/core/snapshot/readSnapshot.js';
import { everythingServer, requireBuild, runLoupe, startLoupe } from './loupe.js';

const strictStdio = ['--', process.execPath, modernServerPath];
let http: RunningModernServer;

beforeAll(async () => {
  requireBuild();
  http = await startModernHttp('--tools', '3');
});
afterAll(async () => {
  await http.stop();
});

interface ListDocument {
  era: string;
  eraReason?: string;
  protocolVersion: string;
  discover?: { supportedVersions: string[] };
  items: { name: string }[];
  pages: { ttlMs?: number; cacheScope?: string }[];
  findings: { code: string; tool?: string }[];
}

describe('loupe and the 2026-07-28 era', () => {
  it('lists a strict modern stdio server with no flag, saying the era in text and --json', async () => {
    const text = await runLoupe(['list', ...strictStdio]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(
      'MCP 2026-07-28 (modern era) · loupe-modern-test 1.0.0 over stdio',
    );
    const json = await runLoupe(['list', '--json', ...strictStdio]);
    const document = JSON.parse(json.stdout) as ListDocument;
    expect(document.era).toBe('modern');
    expect(document.protocolVersion).toBe('2026-07-28');
    expect(document.discover?.supportedVersions).toEqual(['2026-07-28']);
    expect(document.pages[0]).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    expect(document.items.map((item) => item.name).slice(0, 4)).toEqual([
      'echo',
      'confirm',
      'add_tool',
      'bad_header',
    ]);
    expect(document.findings).toContainEqual(
      expect.objectContaining({ code: 'x-mcp-header-invalid', tool: 'bad_header' }),
    );
  });

  it('lists a strict modern HTTP endpoint in auto, and server-everything stays legacy with the reason', async () => {
    const modern = JSON.parse((await runLoupe(['list', '--json', '--url', http.url])).stdout) as ListDocument;
    expect(modern.era).toBe('modern');
    expect(modern.items).toHaveLength(7);
    const legacy = await runLoupe(['list', '--json', '--', process.execPath, everythingServer, 'stdio']);
    const document = JSON.parse(legacy.stdout) as ListDocument;
    expect(document.era).toBe('legacy');
    expect(document.protocolVersion).toBe('2025-11-25');
    expect(document.eraReason).toContain('server/discover was answered with JSON-RPC error -32601');
    expect(document.discover).toBeUndefined();
  });

  it('--protocol legacy against a strict modern server: exit 1, one error line naming -32022, then the doctor', async () => {
    for (const target of [strictStdio, ['--url', http.url]]) {
      const run = await runLoupe(['list', '--protocol', 'legacy', ...target]);
      expect(run.code).toBe(1);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^ {2}likely cause: The server does not speak the protocol revision/);
      expect(lines[2]).toContain('--protocol auto');
      expect(lines[0]).toContain('-32022 UnsupportedProtocolVersion');
      expect(lines[0]).toContain('the server supports 2026-07-28');
    }
  });

  it('--protocol with an unknown value is a usage error', async () => {
    const run = await runLoupe(['list', '--protocol', 'future', ...strictStdio]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--protocol is one of auto, modern, legacy');
  });

  it('answers an input_required tool with --input defaults and prints the final result', async () => {
    const run = await runLoupe(['call', 'confirm', '--input', 'defaults', '--url', http.url]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      'answer accept {"proceed":true,"note":"from defaults"} state state-round-1',
    );
    expect(run.stderr).toContain(
      'loupe: answered elicitation/create [confirm]: {"action":"accept","content":{"proceed":true,"note":"from defaults"}}',
    );
    const declined = await runLoupe(['call', 'confirm', '--input', 'decline', ...strictStdio]);
    expect(declined.stdout.split('\n')[0]).toBe('answer decline null state state-round-1');
  });

  it('journals the retry with inputResponses, the same requestState and a new id; HTTP frames carry the Mcp-* headers', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'loupe-modern-'));
    try {
      const journal = join(directory, 'frames.jsonl');
      const run = await runLoupe([
        'call',
        'echo',
        '--args',
        '{"text":"hi","region":"eu-1"}',
        '--journal',
        journal,
        '--url',
        http.url,
      ]);
      expect(run.stdout.split('\n')[0]).toBe('hi @ eu-1');
      const confirm = await runLoupe([
        'call',
        'confirm',
        '--input',
        'defaults',
        '--journal',
        journal,
        '--url',
        http.url,
      ]);
      expect(confirm.code).toBe(0);
      type Recorded = {
        direction: string;
        method?: string;
        id?: number;
        raw: string;
        http?: { requestHeaders?: Record<string, string> };
      };
      const frames = (await readFile(journal, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Recorded);
      const echo = frames.find((frame) => frame.method === 'tools/call' && frame.raw.includes('"echo"'));
      expect(echo?.http?.requestHeaders).toEqual({
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
        'mcp-param-region': 'eu-1',
      });
      const meta = (JSON.parse(echo?.raw ?? '{}') as { params: { _meta: Record<string, unknown> } }).params
        ._meta;
      // The envelope merged with the call's own progressToken and the trace context (SEP-414).
      expect(Object.keys(meta).sort()).toEqual([
        'io.modelcontextprotocol/clientCapabilities',
        'io.modelcontextprotocol/clientInfo',
        'io.modelcontextprotocol/protocolVersion',
        'progressToken',
        'traceparent',
        'tracestate',
      ]);
      expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
      const calls = frames.filter(
        (frame) =>
          frame.direction === 'out' && frame.method === 'tools/call' && frame.raw.includes('"confirm"'),
      );
      expect(calls).toHaveLength(2);
      const [first, retry] = calls.map(
        (frame) => JSON.parse(frame.raw) as { id: number; params: Record<string, unknown> },
      );
      expect(first?.params.inputResponses).toBeUndefined();
      expect(retry?.params.requestState).toBe('state-round-1');
      expect(retry?.params.inputResponses).toEqual({
        confirm: { action: 'accept', content: { proceed: true, note: 'from defaults' } },
      });
      expect(retry?.id).not.toBe(first?.id);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('a snapshot records the era, the revision and the discover result, and reads back', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'loupe-modern-'));
    try {
      const out = join(directory, 'modern.snapshot.json');
      const run = await runLoupe(['snapshot', '--out', out, ...strictStdio]);
      expect(run.code).toBe(0);
      const snapshot = JSON.parse(await readFile(out, 'utf8')) as Record<string, unknown>;
      expect(snapshot).toMatchObject({
        format: 'loupe.snapshot/1',
        era: 'modern',
        protocolVersion: '2026-07-28',
        discover: {
          supportedVersions: ['2026-07-28'],
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'loupe-modern-test' } },
        },
      });
      const read = await readSnapshot(out);
      expect(read.era).toBe('modern');
      expect(read.pages[0]?.cacheScope).toBe('private');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('follows nextCursor through a paginated modern list', async () => {
    const run = await runLoupe([
      'list',
      '--',
      process.execPath,
      modernServerPath,
      '--tools',
      '10',
      '--page-size',
      '3',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('14 tools · 5 pages');
  });

  it('watch --json prints a list change that arrived on subscriptions/listen', async () => {
    const watch = startLoupe(['watch', '--json', '--url', http.url]);
    try {
      await watch.waitForLine((line) => line.includes('"event":"listening"'));
      const listed = JSON.parse(watch.stdoutLines[0] ?? '{}') as { era?: string };
      expect(listed.era).toBe('modern');
      const added = await runLoupe(['call', 'add_tool', '--url', http.url]);
      expect(added.code).toBe(0);
      const line = await watch.waitForLine((text) => text.includes('"event":"list_changed"'));
      const change = JSON.parse(line) as { kind: string; added: string[] };
      expect(change.kind).toBe('tools');
      expect(change.added).toEqual([expect.stringMatching(/^tool_added_\d+$/)]);
    } finally {
      await watch.stop();
    }
  });
});
