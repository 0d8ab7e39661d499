/**
 * `loupe call … | jq .` works for every tool: a result with structuredContent prints that JSON alone on stdout;
 * one without prints its text content as sent; the other blocks and the outputSchema validation go to stderr;
 * `--json` prints the whole result. Against the npm servers that used to mix text, a `structuredContent:` heading
 * and a validity line on stdout: server-memory's create_relations and server-filesystem's read_multiple_files.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, requireBuild, runLoupe } from './loupe.js';

const memoryServer = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url),
);
const filesystemServer = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
);

let folder: string;
beforeAll(async () => {
  requireBuild();
  folder = await mkdtemp(join(tmpdir(), 'loupe-call-output-'));
  await writeFile(join(folder, 'a.txt'), 'hello\n');
  await writeFile(join(folder, 'b.json'), '{"x":1}\n');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('loupe call prints the result alone on stdout', { timeout: 60_000 }, () => {
  it('server-memory create_relations: stdout is the structuredContent, parsed as JSON', async () => {
    const memory = [
      '--env',
      `MEMORY_FILE_PATH=${join(folder, 'memory.jsonl')}`,
      '--',
      process.execPath,
      memoryServer,
    ];
    const entities = [
      { name: 'ada', entityType: 'person', observations: [] },
      { name: 'loupe', entityType: 'tool', observations: [] },
    ];
    const created = await runLoupe([
      'call',
      'create_entities',
      '--args',
      JSON.stringify({ entities }),
      ...memory,
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ entities });

    const relations = [{ from: 'ada', to: 'loupe', relationType: 'uses' }];
    const run = await runLoupe([
      'call',
      'create_relations',
      '--args',
      JSON.stringify({ relations }),
      ...memory,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ relations });
    // The text block (the relations array as JSON text) and the validation are on stderr, one line each.
    const textLength = JSON.stringify(relations, null, 2).length;
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `loupe: content[0]: text, ${textLength} characters (--json prints the whole result)`,
      'loupe: structuredContent is valid against the outputSchema',
    ]);

    const whole = await runLoupe([
      'call',
      'create_relations',
      '--json',
      '--args',
      JSON.stringify({ relations }),
      ...memory,
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    // Already there: the server answers with an empty list, and --json is the whole result as sent.
    expect(JSON.parse(whole.stdout)).toEqual({
      content: [{ type: 'text', text: '[]' }],
      structuredContent: { relations: [] },
    });
    expect(whole.stderr).toBe('');
  });

  it('server-filesystem read_multiple_files: stdout is {"content": …}, the files’ text once', async () => {
    const paths = [join(folder, 'a.txt'), join(folder, 'b.json')];
    const target = ['--', process.execPath, filesystemServer, folder];
    const run = await runLoupe([
      'call',
      'read_multiple_files',
      '--args',
      JSON.stringify({ paths }),
      ...target,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { content: string };
    expect(Object.keys(result)).toEqual(['content']);
    expect(result.content).toContain(`${paths[0]}:\nhello\n`);
    expect(result.content).toContain(`${paths[1]}:\n{"x":1}\n`);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `loupe: content[0]: text, ${result.content.length} characters (--json prints the whole result)`,
      'loupe: structuredContent is valid against the outputSchema',
    ]);
  });

  it('a text-only result (server-everything echo): stdout is the text as sent, stderr quiet', async () => {
    const target = ['--', process.execPath, everythingServer, 'stdio'];
    const run = await runLoupe(['call', 'echo', '--args', '{"message":"line one\\nline two"}', ...target]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('Echo: line one\nline two\n');
    expect(run.stderr).toBe('');
  });
});
