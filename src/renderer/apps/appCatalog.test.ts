/** The Resources tab's app catalogue: ui:// resources from tools and from resources/list, joined by URI. */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json';
import { collectApps } from './appCatalog';

describe('collectApps', () => {
  it('joins the tools naming each app (both _meta forms) with its listing and _meta.ui, and lists unnamed app resources', () => {
    const tools: JsonObject[] = [
      {
        name: 'get-time',
        _meta: { ui: { resourceUri: 'ui://time/app.html' }, 'ui/resourceUri': 'ui://time/app.html' },
      },
      { name: 'time-again', _meta: { 'ui/resourceUri': 'ui://time/app.html' } },
      { name: 'missing', _meta: { ui: { resourceUri: 'ui://missing.html' } } },
      { name: 'plain' },
    ];
    const resources: JsonObject[] = [
      {
        uri: 'ui://time/app.html',
        mimeType: 'text/html;profile=mcp-app',
        _meta: { ui: { csp: { connectDomains: ['https://api.example'] } } },
      },
      { uri: 'ui://orphan/app.html', mimeType: 'text/html;profile=mcp-app' },
      { uri: 'ui://not-an-app.txt', mimeType: 'text/plain' },
      { uri: 'file:///readme.md', mimeType: 'text/markdown' },
    ];
    expect(collectApps(tools, resources)).toEqual([
      {
        uri: 'ui://time/app.html',
        tools: ['get-time', 'time-again'],
        listed: resources[0],
        ui: { csp: { connectDomains: ['https://api.example'] } },
      },
      { uri: 'ui://missing.html', tools: ['missing'] },
      { uri: 'ui://orphan/app.html', tools: [], listed: resources[1] },
    ]);
  });

  it('is empty for a server without apps', () => {
    expect(collectApps([{ name: 'echo' }], [{ uri: 'file:///a', mimeType: 'text/html' }])).toEqual([]);
  });
});
