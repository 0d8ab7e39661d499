/**
 * Collections against real servers beyond the demo: server-memory with a temporary MEMORY_FILE_PATH (captures carry
 * a created entity's name into later calls, and the file proves the state was real), the v2 SDK test server over
 * Streamable HTTP in 2026-07-28, and server-everything. ${env:NAME} values are used and never shown.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startV2HttpServer } from '../helpers/servers.js';
import { assertionOf, runOn, stepOf } from './run.js';

const memoryServer = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url),
);
const everythingServer = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const directory = mkdtempSync(join(tmpdir(), 'loupe-collections-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('captures across steps against server-memory', () => {
  it('carries a created entity into later calls; a capture that finds nothing fails and skips its dependants', async () => {
    const memoryFile = join(directory, 'memory.jsonl');
    const secret = 'observation-from-the-environment-7f3a';
    const report = await runOn(
      {
        transport: 'stdio',
        command: process.execPath,
        args: [memoryServer],
        env: { MEMORY_FILE_PATH: memoryFile },
      },
      {
        steps: [
          {
            name: 'create',
            method: 'tools/call',
            tool: 'create_entities',
            arguments: {
              entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: ['${env:FIRST_NOTE}'] }],
            },
            captures: {
              who: '/structuredContent/entities/0/name',
              kind: { pointer: '/0/entityType', in: 'jsonText' },
            },
            expect: { isError: false, outputSchema: true },
          },
          {
            name: 'observe',
            method: 'tools/call',
            tool: 'add_observations',
            arguments: {
              observations: [
                { entityName: '${capture:who}', contents: ['a ${capture:kind} who wrote the first program'] },
              ],
            },
            expect: { isError: false },
          },
          {
            name: 'open',
            method: 'tools/call',
            tool: 'open_nodes',
            after: ['observe'],
            arguments: { names: ['${capture:who}'] },
            expect: {
              outputSchema: true,
              paths: [
                { pointer: '/structuredContent/entities/0/name', equals: 'Ada Lovelace' },
                { pointer: '/structuredContent/entities/0/observations', length: 2 },
                {
                  pointer: '/structuredContent/entities/0/observations/1',
                  equals: 'a person who wrote the first program',
                },
              ],
              structuredContent: { contains: { entities: [{ observations: ['${env:FIRST_NOTE}'] }] } },
            },
          },
          {
            name: 'open wrong',
            method: 'tools/call',
            tool: 'open_nodes',
            arguments: { names: ['${capture:who}'] },
            expect: { paths: [{ pointer: '/structuredContent/entities', length: 2 }] },
          },
          {
            name: 'capture nothing',
            method: 'tools/call',
            tool: 'read_graph',
            arguments: {},
            captures: { ghost: '/structuredContent/ghost' },
          },
          {
            name: 'uses ghost',
            method: 'tools/call',
            tool: 'open_nodes',
            arguments: { names: ['${capture:ghost}'] },
          },
        ],
      },
      { env: { FIRST_NOTE: secret } },
    );
    for (const name of ['create', 'observe', 'open'])
      expect(stepOf(report, name).status, JSON.stringify(stepOf(report, name))).toBe('passed');
    expect(stepOf(report, 'create').captured).toEqual({ who: 'Ada Lovelace', kind: 'person' });
    expect(assertionOf(report, 'open wrong', '/structuredContent/entities length')).toMatchObject({
      passed: false,
      actual: 1,
      message: 'length is 1, not 2',
    });
    expect(assertionOf(report, 'capture nothing', 'captures ghost')).toMatchObject({
      passed: false,
      message: 'nothing is there',
    });
    expect(stepOf(report, 'uses ghost')).toMatchObject({
      status: 'skipped',
      skippedBecause: 'it depends on "capture nothing", which failed',
    });
    // The state was real: the memory file holds both observations.
    const stored = readFileSync(memoryFile, 'utf8');
    expect(stored).toContain('a person who wrote the first program');
    expect(stored).toContain(secret);
    // The environment's value was sent, and is nowhere in the report.
    const written = JSON.stringify(report);
    expect(written).not.toContain(secret);
    expect(stepOf(report, 'create').request).toEqual({
      name: 'create_entities',
      arguments: {
        entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: ['${env:FIRST_NOTE}'] }],
      },
    });
  });
});

describe('the v2 SDK test server (2026-07-28, Streamable HTTP)', () => {
  it('asserts on a modern call and on lists that change, with a captured generation', async () => {
    const server = await startV2HttpServer('reject');
    try {
      const report = await runOn(server.target, {
        steps: [
          {
            name: 'tools',
            method: 'tools/list',
            expect: { count: { equals: 25 }, present: ['echo_request', 'change_tools'], absent: ['added_1'] },
          },
          {
            name: 'echo',
            method: 'tools/call',
            tool: 'echo_request',
            arguments: { note: 'hello' },
            expect: {
              paths: [
                { pointer: '/structuredContent/era', equals: 'modern' },
                { pointer: '/structuredContent/arguments/note', equals: 'hello' },
                { pointer: '/structuredContent/headers/mcp-method', equals: 'tools/call' },
                { pointer: '/structuredContent/era', equals: 'legacy' },
              ],
            },
          },
          {
            name: 'change',
            method: 'tools/call',
            tool: 'change_tools',
            arguments: {},
            captures: { added: '/structuredContent/added' },
          },
          {
            name: 'after change',
            method: 'tools/list',
            after: ['change'],
            expect: { present: ['${capture:added}'], count: { equals: 25 } },
          },
        ],
      });
      expect(stepOf(report, 'tools').status).toBe('passed');
      expect(stepOf(report, 'echo').assertions.map((assertion) => assertion.passed)).toEqual([
        true,
        true,
        true,
        false,
      ]);
      expect(assertionOf(report, 'echo', '/structuredContent/era equals "legacy"')).toMatchObject({
        actual: 'modern',
      });
      expect(stepOf(report, 'change').captured).toEqual({ added: 'added_1' });
      expect(assertionOf(report, 'after change', 'added_1 is listed').passed).toBe(true);
      expect(assertionOf(report, 'after change', 'count')).toMatchObject({
        passed: false,
        actual: 26,
        message: 'is 26, not 25',
      });
    } finally {
      await server.stop();
    }
  });
});

describe('server-everything (stdio)', () => {
  it('checks its tool list and a structured tool', async () => {
    const report = await runOn(
      { transport: 'stdio', command: process.execPath, args: [everythingServer, 'stdio'] },
      {
        steps: [
          {
            name: 'tools',
            method: 'tools/list',
            expect: { present: ['echo', 'get-sum'], absent: ['no-such-tool'], count: { min: 10, max: 20 } },
          },
          { name: 'too few', method: 'tools/list', expect: { count: { max: 5 }, present: ['no-such-tool'] } },
          {
            name: 'echo',
            method: 'tools/call',
            tool: 'echo',
            arguments: { message: 'hi' },
            expect: { isError: false, text: { equals: 'Echo: hi' } },
          },
        ],
      },
    );
    expect(stepOf(report, 'tools').status).toBe('passed');
    expect(assertionOf(report, 'too few', 'count')).toMatchObject({ passed: false });
    expect(assertionOf(report, 'too few', 'count').message).toMatch(/above the maximum 5/);
    expect(assertionOf(report, 'too few', 'no-such-tool is listed')).toMatchObject({ passed: false });
    expect(stepOf(report, 'echo').status, JSON.stringify(stepOf(report, 'echo'))).toBe('passed');
  });
});
