import { describe, expect, it } from 'vitest';
import { lintTools } from '../../../src/core/lint/lintTools.js';
import {
  encodeHeaderValue,
  modernRequestHeaders,
  scanToolHeaders,
  ToolHeaderMap,
} from '../../../src/core/wire/modernHeaders.js';
import type { JsonObject } from '../../../src/shared/json.js';

const tool = (name: string, properties: JsonObject): JsonObject => ({
  name,
  description: 'd',
  inputSchema: { type: 'object', properties },
});

describe('x-mcp-header', () => {
  it('encodes values as the spec table does', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });

  it('finds nested declarations and names each kind of invalid one', () => {
    const nested = tool('nested', {
      outer: { type: 'object', properties: { id: { type: 'integer', 'x-mcp-header': 'Id' } } },
    });
    expect(scanToolHeaders(nested)).toEqual({ headers: [{ path: ['outer', 'id'], name: 'Id' }] });
    const problem = (schema: JsonObject): string => {
      const scan = scanToolHeaders(tool('t', schema));
      return 'problem' in scan ? scan.problem : 'valid';
    };
    expect(problem({ a: { type: 'string', 'x-mcp-header': 'Bad Name' } })).toContain(
      'not an HTTP header token',
    );
    expect(problem({ a: { type: 'number', 'x-mcp-header': 'A' } })).toContain(
      'needs type string, integer or boolean',
    );
    expect(
      problem({ a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'string', 'x-mcp-header': 'a' } }),
    ).toContain('repeats');
    expect(problem({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } })).toContain(
      '"properties" keys alone',
    );
    expect(problem({ a: { type: 'string', default: { 'x-mcp-header': 'NotADeclaration' } } })).toBe('valid');
  });

  it('lints an invalid declaration with its own finding code and keeps the tool', () => {
    const findings = lintTools([
      tool('ok', { a: { type: 'string', 'x-mcp-header': 'A' } }),
      tool('bad', { a: { type: 'object', 'x-mcp-header': 'A' } }),
    ]);
    expect(findings.map((finding) => [finding.tool, finding.code])).toEqual([
      ['bad', 'x-mcp-header-invalid'],
    ]);
  });

  it('builds Mcp-Method, Mcp-Name and Mcp-Param-* for a tools/call, omitting absent and null values', () => {
    const map = new ToolHeaderMap();
    map.learn([
      tool('sql', {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        dry: { type: 'boolean', 'x-mcp-header': 'Dry' },
        n: { type: 'integer', 'x-mcp-header': 'N' },
      }),
    ]);
    const headers = modernRequestHeaders(
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'sql', arguments: { region: 'eu', dry: false, n: null } },
      },
      map,
    );
    expect(headers).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'sql',
      'Mcp-Param-Region': 'eu',
      'Mcp-Param-Dry': 'false',
    });
    expect(
      modernRequestHeaders(
        { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'file:///ä' } },
        map,
      ),
    ).toEqual({
      'Mcp-Method': 'resources/read',
      'Mcp-Name': `=?base64?${Buffer.from('file:///ä').toString('base64')}?=`,
    });
    expect(modernRequestHeaders({ jsonrpc: '2.0', method: 'notifications/cancelled' }, map)).toEqual({});
  });
});
