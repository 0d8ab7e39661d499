/** The MCP Apps lint rule: a resourceUri that does not resolve or is not of the MCP App MIME type. */
import { describe, expect, it } from 'vitest';
import { appResourceFindings, type AppResourceFacts } from '../../../src/core/lint/appLint.js';
import type { JsonObject } from '../../../src/shared/json.js';

const appMime = 'text/html;profile=mcp-app';
const tool = (name: string, meta: JsonObject): JsonObject => ({
  name,
  inputSchema: { type: 'object' },
  _meta: meta,
});

describe('appResourceFindings', () => {
  it('says nothing about a tool whose ui:// resource is listed and read with the right MIME type', () => {
    const facts = new Map<string, AppResourceFacts>([
      [
        'ui://a/app.html',
        {
          listed: { uri: 'ui://a/app.html', mimeType: appMime },
          listComplete: true,
          read: { ok: true, mimeTypes: ['text/html; profile=mcp-app'] },
        },
      ],
    ]);
    expect(
      appResourceFindings([tool('a', { ui: { resourceUri: 'ui://a/app.html' } }), { name: 'plain' }], facts),
    ).toEqual([]);
  });

  it('flags an unlisted, unreadable, non-ui:// or empty resource as unresolved, naming the tool and why', () => {
    const facts = new Map<string, AppResourceFacts>([
      [
        'ui://missing.html',
        { listComplete: true, read: { ok: false, reason: 'rpc-error -32002: Resource not found' } },
      ],
      [
        'ui://empty.html',
        {
          listed: { uri: 'ui://empty.html', mimeType: appMime },
          listComplete: true,
          read: { ok: true, mimeTypes: [] },
        },
      ],
      ['ui://partial.html', { listComplete: false, read: { ok: true, mimeTypes: [appMime] } }],
    ]);
    const findings = appResourceFindings(
      [
        tool('missing', { ui: { resourceUri: 'ui://missing.html' } }),
        tool('old_key', { 'ui/resourceUri': 'https://example.com/app.html' }),
        tool('empty', { ui: { resourceUri: 'ui://empty.html' } }),
        tool('partial', { ui: { resourceUri: 'ui://partial.html' } }),
      ],
      facts,
    );
    expect(
      findings.map(({ code, severity, tool: name, index }) => ({ code, severity, name, index })),
    ).toEqual([
      { code: 'app-resource-unresolved', severity: 'warning', name: 'missing', index: 0 },
      { code: 'app-resource-unresolved', severity: 'warning', name: 'missing', index: 0 },
      { code: 'app-resource-unresolved', severity: 'warning', name: 'old_key', index: 1 },
      { code: 'app-resource-unresolved', severity: 'warning', name: 'empty', index: 2 },
    ]);
    expect(findings[0].message).toBe(
      'Tool "missing" has UI resource ui://missing.html: resources/list does not list it.',
    );
    expect(findings[1].message).toContain('resources/read failed (rpc-error -32002: Resource not found)');
    expect(findings[2].message).toContain('not a ui:// URI');
  });

  it('flags a listing or a content of another MIME type', () => {
    const facts = new Map<string, AppResourceFacts>([
      [
        'ui://plain.html',
        {
          listed: { uri: 'ui://plain.html', mimeType: 'text/html' },
          listComplete: true,
          read: { ok: true, mimeTypes: ['text/html'] },
        },
      ],
      [
        'ui://untyped.html',
        {
          listed: { uri: 'ui://untyped.html' },
          listComplete: true,
          read: { ok: true, mimeTypes: [undefined] },
        },
      ],
    ]);
    const findings = appResourceFindings(
      [
        tool('plain', { 'ui/resourceUri': 'ui://plain.html' }),
        tool('untyped', { ui: { resourceUri: 'ui://untyped.html' } }),
      ],
      facts,
    );
    expect(
      findings.map((finding) => [
        finding.code,
        finding.tool,
        finding.message.split(': ').slice(1).join(': '),
      ]),
    ).toEqual([
      [
        'app-resource-mime',
        'plain',
        'resources/list gives MIME type "text/html", not text/html;profile=mcp-app.',
      ],
      [
        'app-resource-mime',
        'plain',
        'resources/read returned MIME type "text/html", not text/html;profile=mcp-app.',
      ],
      [
        'app-resource-mime',
        'untyped',
        'resources/read returned MIME type none, not text/html;profile=mcp-app.',
      ],
    ]);
  });
});
