/**
 * The backend's MCP Apps methods against a real server over stdio (test/servers/hostileApp.mjs), carried
 * through the contract like the UI's: openApp reads and checks the ui:// resource, points at the sandbox origin
 * and says which policy it serves; the app's requests are marked with its URI on their frames (Loupe's own are
 * not); what goes between Loupe and the app is recorded on the app's channel, requests paired with answers;
 * lint flags the unresolved and the mistyped UI resources. The gate (appGate.ts) is in appGate.test.ts.
 * Also the sandbox server.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppSandbox, type AppSandbox } from '../../../src/core/apps/sandboxServer.js';
import { repositoryRoot, startHarness, type Harness } from '../../backend/backendHarness.js';

const hostileApp = join(repositoryRoot, 'test', 'servers', 'hostileApp.mjs');
const appUri = 'ui://hostile/app.html';

function get(
  url: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: host ? { host } : {},
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('MCP Apps in the backend', () => {
  let sandbox: AppSandbox;
  let harness: Harness;
  beforeAll(async () => {
    sandbox = await startAppSandbox({ hostOrigin: 'http://127.0.0.1:5173' });
    harness = startHarness({ appSandbox: sandbox });
    await harness.api.connect({
      transport: 'stdio',
      command: process.execPath,
      args: [hostileApp, '--connect', 'ws://127.0.0.1:9'],
    });
    await harness.api.list('tools');
  });
  afterAll(async () => {
    await harness?.close();
    await sandbox?.close();
  });

  it('openApp reads the resource, keeps plain origins of its CSP, refuses the rest and names the proxy page', async () => {
    await harness.api.list('resources');
    const app = await harness.api.openApp(appUri);
    expect(app.uri).toBe(appUri);
    expect(app.mimeType).toBe('text/html;profile=mcp-app');
    expect(app.html).toContain('<h1>Hostile app</h1>');
    expect(app.csp.connectDomains).toEqual(['ws://127.0.0.1:9']);
    expect(app.refused.map((refusal) => refusal.entry)).toEqual([
      'ws://127.0.0.1:*',
      'https://*.com',
      "'unsafe-eval'",
      '*',
      'https://a.example; script-src *',
    ]);
    expect(app.permissions).toEqual(['camera', 'geolocation']);
    expect(app.sandboxOrigin).toBe(sandbox.origin);
    expect(app.frameUrl?.startsWith(`${sandbox.origin}/proxy?csp=`)).toBe(true);

    // The proxy page carries exactly that policy, may be framed by Loupe's origin only, and relays to it.
    const page = await get(app.frameUrl ?? '');
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain('connect-src ws://127.0.0.1:9;');
    expect(app.policy).toBe(policy);
    expect(policy).toContain('frame-ancestors http://127.0.0.1:5173');
    expect(policy).not.toContain('unsafe-eval');
    expect(page.body).toContain('"http://127.0.0.1:5173"');
  });

  it('openApp refuses a resource of another MIME type and one the server does not have', async () => {
    await expect(harness.api.openApp('ui://hostile/plain.html')).rejects.toMatchObject({
      detail: { kind: 'app-invalid', data: { mimeType: 'text/html' } },
    });
    await expect(harness.api.openApp('ui://hostile/missing.html')).rejects.toMatchObject({
      detail: { kind: 'rpc-error', code: -32002 },
    });
    await expect(harness.api.openApp('https://example.com/app.html')).rejects.toMatchObject({
      detail: { kind: 'app-invalid' },
    });
  });

  it('marks the app’s tools/call and its answer with the app, and leaves Loupe’s own call unmarked', async () => {
    const before = (await harness.api.recorderStats()).total;
    await harness.api.callTool({ tool: 'hostile_app', arguments: {}, callId: 'own-1' });
    const outcome = await harness.api.appCallTool(appUri, {
      name: 'report',
      arguments: { results: { probe: 'x' } },
      _meta: { progressToken: 7 },
    });
    expect(outcome).toEqual({
      status: 'done',
      result: { content: [{ type: 'text', text: '{"results":{"probe":"x"}}' }] },
    });
    await harness.api.appReadResource(appUri, 'ui://hostile/plain.html');
    const frames = await harness.api.frames(before, 100);
    expect(
      frames.map((frame) => [frame.direction, frame.kind, frame.method ?? null, frame.app ?? null]),
    ).toEqual([
      ['out', 'request', 'tools/call', null],
      ['in', 'response', null, null],
      ['out', 'request', 'tools/call', appUri],
      ['in', 'response', null, appUri],
      ['out', 'request', 'resources/read', appUri],
      ['in', 'response', null, appUri],
    ]);
    // Only name and arguments reach the server: the bridge's own progress token stays between app and Loupe.
    expect(JSON.parse(frames[2].raw)).toMatchObject({
      params: { name: 'report', arguments: { results: { probe: 'x' } } },
    });
    expect(frames[2].raw).not.toContain('progressToken');
  });

  it('records the app’s own requests with their ids on its channel, each paired with Loupe’s answer, apart from the server’s ids', async () => {
    const before = (await harness.api.recorderStats()).total;
    const message = { role: 'user', content: [{ type: 'text', text: 'hello' }] };
    // Id 1 is also the id of a request Loupe sent the server: the app's channel is another id space.
    await harness.api.appRecord(appUri, 'view-1', 'in', {
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/message',
      params: message,
    });
    await harness.api.appRecord(appUri, 'view-2', 'in', {
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/open-link',
      params: { url: 'https://example.com/' },
    });
    await harness.api.appRecord(appUri, 'view-1', 'in', {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'log line' },
    });
    await harness.api.appRecord(appUri, 'view-2', 'out', {
      jsonrpc: '2.0',
      id: 1,
      result: { isError: true },
    });
    await harness.api.appRecord(appUri, 'view-1', 'out', { jsonrpc: '2.0', id: 1, result: {} });
    const frames = await harness.api.frames(before, 100);
    expect(
      frames.map((frame) => [
        frame.direction,
        frame.kind,
        frame.method ?? null,
        frame.id ?? null,
        frame.channel ?? null,
        frame.app ?? null,
      ]),
    ).toEqual([
      ['in', 'request', 'ui/message', 1, 'app', appUri],
      ['in', 'request', 'ui/open-link', 1, 'app', appUri],
      ['in', 'notification', 'notifications/message', null, 'app', appUri],
      ['out', 'response', null, 1, 'app', appUri],
      ['out', 'response', null, 1, 'app', appUri],
    ]);
    expect(frames[3].pairSeq).toBe(frames[1].seq);
    expect(frames[4].pairSeq).toBe(frames[0].seq);
    expect(JSON.parse(frames[0].raw)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/message',
      params: message,
    });

    // An answer to nothing, a notification Loupe does not record and a malformed message are refused.
    await expect(
      harness.api.appRecord(appUri, 'view-1', 'out', { jsonrpc: '2.0', id: 99, result: {} }),
    ).rejects.toMatchObject({ detail: { kind: 'app-invalid' } });
    await expect(
      harness.api.appRecord(appUri, 'view-1', 'in', {
        jsonrpc: '2.0',
        method: 'ui/notifications/size-changed',
      }),
    ).rejects.toMatchObject({ detail: { kind: 'app-invalid' } });
    await expect(
      harness.api.appRecord(appUri, 'view-1', 'in', { id: 3, method: 'tools/call' }),
    ).rejects.toMatchObject({ detail: { kind: 'app-invalid' } });
    expect((await harness.api.frames(before, 100)).length).toBe(5);
  });

  it('lint flags the tool whose UI resource is missing and the one served as text/html', async () => {
    const report = await harness.api.lint();
    const apps = report.findings.filter((finding) => finding.code.startsWith('app-'));
    expect(apps.map((finding) => [finding.code, finding.tool])).toEqual([
      ['app-resource-unresolved', 'missing_app'],
      ['app-resource-unresolved', 'missing_app'],
      ['app-resource-mime', 'plain_html_app'],
      ['app-resource-mime', 'plain_html_app'],
    ]);
  });

  it('the sandbox origin serves nothing but the proxy page, to its own host name only', async () => {
    expect((await get(`${sandbox.origin}/`)).status).toBe(404);
    expect((await get(`${sandbox.origin}/proxy`, 'evil.example:80')).status).toBe(403);
    const plain = await get(`${sandbox.origin}/proxy`);
    expect(plain.status).toBe(200);
    expect(String(plain.headers['content-security-policy'])).toContain("connect-src 'none'");
  });
});
