/**
 * The browser host over real HTTP and a real WebSocket on 127.0.0.1: a public page and no cookie, no redirect,
 * no symlink out of the UI folder, 401 for a WebSocket without the token subprotocol (or with only a cookie),
 * 403 for a foreign Host or Origin, MIME types and CSP, and the contract over /ws. Beyond loopback only when told
 * (allowRemote): then on every address, any Host name, with the loud warning, and still the token and the Origin.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOver, tryWebSocket } from './hostClient.js';
import { webSocketProtocol, webSocketProtocols } from '../../src/shared/webSocketCredential.js';
import { startHost, type RunningHost } from '../../src/host/startHost.js';
import { paginatingServer } from '../helpers/servers.js';
import { ensureBuilt } from '../backend/backendHarness.js';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Another address of this machine (lo holds 127.0.0.0/8): what a host bound to 127.0.0.1 alone never answers. */
const otherAddress = '127.0.0.2';
const hostMain = (): string => ensureBuilt('out/node/host/main.js', ['src/host', 'src/core', 'src/shared']);

function get(port: number, path: string, headers: Record<string, string> = {}, address = '127.0.0.1'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: address, port, path, method: 'GET', headers: { Host: `${address}:${port}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('browser host', () => {
  let host: RunningHost;
  let token: string;
  let rendererDir: string;
  let outsideDir: string;
  const outsideSecret = 'secret outside the UI folder';

  beforeAll(async () => {
    rendererDir = await mkdtemp(join(tmpdir(), 'loupe-renderer-'));
    await mkdir(join(rendererDir, 'assets'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Loupe test page</title><script type="module" src="./assets/app.js"></script>');
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
    await writeFile(join(rendererDir, 'assets', 'style.css'), 'body{}');
    outsideDir = await mkdtemp(join(tmpdir(), 'loupe-outside-'));
    await writeFile(join(outsideDir, 'secret.txt'), outsideSecret);
    await symlink(join(outsideDir, 'secret.txt'), join(rendererDir, 'leak.txt'));
    await symlink(join(outsideDir, 'secret.txt'), join(rendererDir, 'assets', 'leak.txt'));
    await symlink(outsideDir, join(rendererDir, 'linked-dir'));
    await symlink(join(rendererDir, 'assets', 'app.js'), join(rendererDir, 'assets', 'inside-link.js'));
    host = await startHost({ target: paginatingServer('--tools', '60'), port: 0, rendererDir, settingsPath: null });
    const url = new URL(host.url);
    token = url.searchParams.get('token') ?? '';
  });
  afterAll(async () => {
    await host?.close();
    await rm(rendererDir, { recursive: true, force: true });
    await rm(outsideDir, { recursive: true, force: true });
  });

  it('prints a loopback URL with a 32-byte token on a port it picked', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(host.port).toBeGreaterThan(0);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
  });

  it('serves the page publicly but answers 401 to a wrong ?token=, never showing the token or setting a cookie', async () => {
    const page = await get(host.port, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Loupe test page');
    const wrongPage = await get(host.port, `/?token=${'A'.repeat(token.length)}`);
    const wrongFile = await get(host.port, '/assets/app.js?token=short');
    for (const reply of [wrongPage, wrongFile]) {
      expect(reply.status).toBe(401);
      expect(reply.body).not.toContain(token);
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    // The page itself, with that status: it shows the same "open the address Loupe printed" page as a tab
    // without a token. Any other file gets the reason as a line of text.
    expect(wrongPage.body).toContain('Loupe test page');
    expect(wrongPage.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(wrongFile.body).toBe('Open the address Loupe printed when it started (it carries the access token of this run).\n');
  });

  it('answers the printed address with the page itself: no cookie, no redirect, no token in the body', async () => {
    const reply = await get(host.port, `/?token=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).toContain('Loupe test page');
    expect(reply.body).not.toContain(token);
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('never redirects, so no Location can name another host (/.//evil.com/?token=…)', async () => {
    for (const path of [`/.//evil.com/?token=${token}`, `//evil.com/?token=${token}`, `/%2F%2Fevil.com/?token=${token}`, `/.//evil.com/`, `/\\evil.com/?token=${token}`]) {
      const reply = await get(host.port, path);
      expect(reply.headers.location).toBeUndefined();
      // the page or not-found, never a 3xx
      expect([200, 404]).toContain(reply.status);
      expect(reply.body).not.toContain(token);
    }
  });

  it('serves the renderer: MIME types, CSP and no token in the body', async () => {
    const page = await get(host.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Loupe test page');
    expect(page.body).not.toContain(token);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(host.port, '/assets/app.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get(host.port, '/assets/style.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get(host.port, '/assets/missing.js')).status).toBe(404);
    expect((await get(host.port, '/../../../../etc/passwd')).status).toBe(404);
    expect((await get(host.port, '/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('does not follow a symlink out of the UI folder, but serves one that stays inside', async () => {
    const inside = await get(host.port, '/assets/inside-link.js');
    expect(inside.status).toBe(200);
    expect(inside.body).toBe('console.log("app");');
    for (const path of ['/leak.txt', '/linked-dir/secret.txt', '/assets/leak.txt']) {
      const reply = await get(host.port, path);
      expect(reply.status).toBe(404);
      expect(reply.body).not.toContain(outsideSecret);
    }
  });

  it('answers 403 to a Host header that is not its own address and port (DNS rebinding)', async () => {
    for (const hostHeader of ['evil.example', `evil.example:${host.port}`, `localhost.evil.example:${host.port}`, '127.0.0.1:1', `localhost:${host.port}`]) {
      const reply = await get(host.port, `/?token=${token}`, { Host: hostHeader });
      expect(reply.status).toBe(403);
      expect(reply.body).not.toContain(token);
    }
  });

  it('refuses WebSocket upgrades without the token protocol, from a foreign Origin, or with a foreign Host', async () => {
    const url = `ws://127.0.0.1:${host.port}/ws`;
    const origin = `http://127.0.0.1:${host.port}`;
    const credential = webSocketProtocols(token);
    expect((await tryWebSocket(url, [], { Origin: origin })).outcome).toBe(401);
    expect((await tryWebSocket(url, webSocketProtocols(`${token.slice(0, -1)}x`), { Origin: origin })).outcome).toBe(401);
    expect((await tryWebSocket(`${url}?token=${token}`, [], { Origin: origin })).outcome).toBe(401);
    expect((await tryWebSocket(url, credential, { Origin: 'http://evil.example' })).outcome).toBe(403);
    expect((await tryWebSocket(url, credential, { Origin: `http://localhost:${host.port}` })).outcome).toBe(403);
    expect((await tryWebSocket(url, credential, {})).outcome).toBe(403);
    expect((await tryWebSocket(url, credential, { Origin: 'http://evil.example', Host: 'evil.example' })).outcome).toBe(403);
    expect((await tryWebSocket(`ws://127.0.0.1:${host.port}/other`, credential, { Origin: origin })).outcome).toBe(403);
  });

  it('ignores a cookie: a loupe_<port> cookie holding the real token opens nothing', async () => {
    const url = `ws://127.0.0.1:${host.port}/ws`;
    const origin = `http://127.0.0.1:${host.port}`;
    const cookie = `loupe_${host.port}=${token}`;
    expect((await tryWebSocket(url, [], { Origin: origin, Cookie: cookie })).outcome).toBe(401);
    expect((await tryWebSocket(url, [webSocketProtocol], { Origin: origin, Cookie: cookie })).outcome).toBe(401);
    const page = await get(host.port, '/', { Cookie: cookie });
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('carries the contract over /ws: initial target, connect, a full list', async () => {
    const opened = await tryWebSocket(`ws://127.0.0.1:${host.port}/ws`, webSocketProtocols(token), { Origin: `http://127.0.0.1:${host.port}` });
    if (opened.outcome !== 'open') throw new Error(`refused with ${opened.outcome}`);
    // the host picks `loupe`: the token is not echoed back
    expect(opened.socket.protocol).toBe('loupe');
    const api = clientOver(opened.socket);
    const frameBatches: number[] = [];
    api.on('onFrames', (frames) => frameBatches.push(frames.length));
    const initial = await api.initialTarget();
    expect(initial?.transport).toBe('stdio');
    if (!initial) throw new Error('no initial target');
    const status = await api.connect(initial);
    expect(status.state).toBe('connected');
    const tools = await api.list('tools');
    expect(tools.complete).toBe(true);
    expect(tools.items.length).toBe(62);
    const error = await api.readResource('no://such').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ detail: { kind: 'method-not-found', code: -32601 } });
    // Every recorded frame reaches the page: the batches are pushed on the host's own schedule, so wait for them
    // (a fixed 100 ms missed the last batch under CI's load) rather than guess how long they take.
    const { total } = await api.recorderStats();
    expect(total).toBeGreaterThanOrEqual(6);
    await expect.poll(() => frameBatches.reduce((a, b) => a + b, 0), { timeout: 10_000 }).toBe(total);
    const closed = new Promise((resolve) => opened.socket.once('close', resolve));
    opened.socket.close();
    await closed;
  });

  it('refuses to listen beyond loopback unless told to', async () => {
    await expect(startHost({ bindAddress: '0.0.0.0', rendererDir })).rejects.toMatchObject({
      detail: { kind: 'usage', message: 'Refusing to listen on 0.0.0.0: the host controls local processes. Pass allowRemote explicitly to do this.' },
    });
    await expect(startHost({ bindAddress: '127.0.0.2', rendererDir, allowRemote: false })).rejects.toMatchObject({ detail: { kind: 'usage' } });
  });

  it('listens on 127.0.0.1 alone: another address of this machine (127.0.0.2) is refused', async () => {
    await expect(get(host.port, '/', {}, otherAddress)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  describe('told to loudly: allowRemote on 0.0.0.0', () => {
    let remote: RunningHost;
    let remoteToken: string;
    // The host command is the compiled one (out/node/host/main.js): a missing or stale build fails here, first.
    beforeAll(() => {
      hostMain();
    });
    beforeAll(async () => {
      remote = await startHost({ target: paginatingServer('--tools', '3'), bindAddress: '0.0.0.0', allowRemote: true, port: 0, rendererDir, settingsPath: null });
      remoteToken = new URL(remote.url).searchParams.get('token') ?? '';
    });
    afterAll(() => remote?.close());

    it('binds every address: the page answers at 127.0.0.2, under whatever name it is reached by', async () => {
      expect(remote.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
      for (const hostHeader of [`${otherAddress}:${remote.port}`, `loupe.lan:${remote.port}`]) {
        const page = await get(remote.port, '/', { Host: hostHeader }, otherAddress);
        expect(page.status).toBe(200);
        expect(page.body).toContain('Loupe test page');
        expect(page.body).not.toContain(remoteToken);
      }
      expect((await get(remote.port, `/?token=${'A'.repeat(43)}`, { Host: `${otherAddress}:${remote.port}` }, otherAddress)).status).toBe(401);
    });

    it('still wants the token and its own Origin for the WebSocket, and then carries the contract', async () => {
      const url = `ws://${otherAddress}:${remote.port}/ws`;
      const origin = `http://${otherAddress}:${remote.port}`;
      expect((await tryWebSocket(url, [], { Origin: origin })).outcome).toBe(401);
      expect((await tryWebSocket(url, webSocketProtocols(token), { Origin: origin })).outcome).toBe(401);
      expect((await tryWebSocket(url, webSocketProtocols(remoteToken), { Origin: 'http://evil.example' })).outcome).toBe(403);
      const opened = await tryWebSocket(url, webSocketProtocols(remoteToken), { Origin: origin });
      if (opened.outcome !== 'open') throw new Error(`refused with ${opened.outcome}`);
      const api = clientOver(opened.socket);
      const initial = await api.initialTarget();
      if (!initial) throw new Error('no initial target');
      expect((await api.connect(initial)).state).toBe('connected');
      expect((await api.list('tools')).items.map((tool) => tool.name)).toEqual(['trigger_list_changed', 'echo', 'tool_0001', 'tool_0002', 'tool_0003']);
      const closed = new Promise((resolve) => opened.socket.once('close', resolve));
      opened.socket.close();
      await closed;
    });

    it('the host command warns on stderr, naming the address, and prints the 0.0.0.0 address', async () => {
      const child = spawn(process.execPath, [hostMain(), '--dangerously-allow-remote-access', '--bind', '0.0.0.0', '--port', '0', '--no-target', '--settings', '/nonexistent-dir-for-loupe/settings.json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        const stderr = createInterface({ input: child.stderr });
        const warning = new Promise<string>((resolve) => stderr.once('line', resolve));
        const [first] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
        expect(first).toMatch(/^Loupe is at http:\/\/0\.0\.0\.0:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
        expect(await warning).toBe('WARNING: Loupe accepts connections from other machines on 0.0.0.0. Whoever has the token can run programs here.');
        const port = Number(new URL(first.slice('Loupe is at '.length)).port);
        // Reached at another address, under another name, a wrong token is still refused.
        expect((await get(port, '/?token=stale', { Host: `loupe.lan:${port}` }, otherAddress)).status).toBe(401);
      } finally {
        const exited = once(child, 'exit');
        child.kill('SIGINT');
        await exited;
      }
    });
  });
});
