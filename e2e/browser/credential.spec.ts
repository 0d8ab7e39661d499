/**
 * The browser host's credential stays with Loupe's own tab. Open Loupe with its token, then pages of another
 * loopback server (on 127.0.0.1:<port>, on localhost:<port>, and after a redirect between the two): that server
 * logs every header it receives, its pages report what they can see and try Loupe's page and WebSocket. Nothing
 * they get opens Loupe, and a plain Node client replaying it with a forged Origin is refused too.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill, toolList } from '../pageHelpers';

const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });

interface Probe {
  server: Server;
  port: number;
  /** Every request it got: the address asked for and all its headers. */
  received: { url: string; headers: IncomingHttpHeaders }[];
}

/** Another local web server, as a dev server or any other tool would be. `/bounce` redirects to localhost. */
async function startProbe(): Promise<Probe> {
  const received: Probe['received'] = [];
  const server = createServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers });
    if (request.url === '/bounce') {
      response.writeHead(302, { Location: `http://localhost:${probe.port}/after-bounce` });
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><link rel="icon" href="data:,"><title>another local server</title><p>another local server</p>',
    );
  });
  const probe: Probe = { server, port: 0, received };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  probe.port = typeof address === 'object' && address ? address.port : 0;
  return probe;
}

interface Attempts {
  cookie: string;
  storedItems: number;
  page: string;
  sockets: string[];
}

/** What a page of the other server sees and gets when it reaches for Loupe. */
async function attackFrom(page: Page, loupePort: number): Promise<Attempts> {
  return page.evaluate(async (port) => {
    const socketOutcome = (url: string, protocols: string[]) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url, protocols);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('refused');
      });
    let pageOutcome: string;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { credentials: 'include' });
      pageOutcome = `read ${response.status}`;
    } catch {
      pageOutcome = 'blocked';
    }
    const sockets = [
      await socketOutcome(`ws://127.0.0.1:${port}/ws`, []),
      await socketOutcome(`ws://127.0.0.1:${port}/ws`, ['loupe']),
      await socketOutcome(`ws://localhost:${port}/ws`, ['loupe']),
    ];
    // this project's typings have no DOM: name the few page globals read here
    const scope = globalThis as unknown as {
      document: { cookie: string };
      sessionStorage: { length: number };
      localStorage: { length: number };
    };
    return {
      cookie: scope.document.cookie,
      storedItems: scope.sessionStorage.length + scope.localStorage.length,
      page: pageOutcome,
      sockets,
    };
  }, loupePort);
}

/** A plain program, which can send any Origin it likes: 'open' or the status it was refused with. */
function nodeSocket(
  port: number,
  protocols: string[],
  headers: Record<string, string>,
): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, protocols, { headers });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

test.describe('the browser host credential', () => {
  let host: HostProcess;
  let probe: Probe | undefined;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
    if (probe) await new Promise<void>((resolve) => probe?.server.close(() => resolve()));
  });

  test('reaches no other local server and opens nothing there; Loupe’s own tab keeps working', async ({
    page,
  }) => {
    const token = new URL(host.url).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.goto(host.url);
    // the token left the address bar, and no cookie was set for any port
    await expect(page).toHaveURL(`${host.origin}/`);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'credential-01-token-removed.png') });

    probe = await startProbe();
    const visits: Attempts[] = [];
    for (const address of [
      `http://127.0.0.1:${probe.port}/`,
      `http://localhost:${probe.port}/`,
      `http://127.0.0.1:${probe.port}/bounce`,
    ]) {
      const other = await page.context().newPage();
      await other.goto(address);
      await expect(other.getByText('another local server')).toBeVisible();
      visits.push(await attackFrom(other, host.port));
      await other.close();
    }
    expect(visits.map((visit) => visit.page)).toEqual(['blocked', 'blocked', 'blocked']);
    expect(visits.map((visit) => visit.sockets)).toEqual(
      Array.from({ length: 3 }, () => ['refused', 'refused', 'refused']),
    );
    expect(visits.map((visit) => visit.cookie)).toEqual(['', '', '']);
    expect(visits.map((visit) => visit.storedItems)).toEqual([0, 0, 0]);

    // the other server got its four page loads (one was the redirect) and nothing of Loupe's
    expect(probe.received.map((request) => `${String(request.headers.host)}${request.url}`)).toEqual([
      `127.0.0.1:${probe.port}/`,
      `localhost:${probe.port}/`,
      `127.0.0.1:${probe.port}/bounce`,
      `localhost:${probe.port}/after-bounce`,
    ]);
    const everythingReceived = JSON.stringify(probe.received);
    expect(everythingReceived).not.toContain(token);
    expect(everythingReceived).not.toContain(`loupe_${host.port}`);
    expect(probe.received.map((request) => request.headers.cookie)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);

    // replaying whatever the other server received, with Loupe's own Origin forged, opens nothing
    const forged = { Origin: host.origin };
    const replayed = probe.received.map((request) =>
      nodeSocket(host.port, ['loupe'], {
        ...forged,
        ...(request.headers.cookie ? { Cookie: request.headers.cookie } : {}),
      }),
    );
    expect(await Promise.all(replayed)).toEqual([401, 401, 401, 401]);
    // a stale cookie of the old scheme holding the real token, no token, and a stale token are refused as well
    expect(await nodeSocket(host.port, ['loupe'], { ...forged, Cookie: `loupe_${host.port}=${token}` })).toBe(
      401,
    );
    expect(await nodeSocket(host.port, [], forged)).toBe(401);
    const stale = randomBytes(32).toString('base64url');
    expect(await nodeSocket(host.port, ['loupe', `loupe.token.${stale}`], forged)).toBe(401);
    // only the token itself, from Loupe's origin, opens the socket
    expect(await nodeSocket(host.port, ['loupe', `loupe.token.${token}`], forged)).toBe('open');

    // Loupe's tab still works, and a reload finds its token again in the tab
    await expect(connectedPill(page)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(`${host.origin}/`);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'credential-02-after-reload.png') });
  });
  test('no token, a wrong one, or one of an earlier run: one page saying which address to open', async ({
    page,
  }) => {
    const accessPage = page.getByRole('main', { name: 'Open the address Loupe printed' });
    const reason = page.getByTestId('access-reason');
    const expectAccessPage = async (why: string, shot: string) => {
      await expect(accessPage).toBeVisible();
      await expect(reason).toHaveText(why);
      await expect(accessPage.getByLabel('The line to look for')).toHaveText(
        `Loupe is at ${host.origin}/?token=…`,
      );
      // Nothing of the app behind it: no sessions or saved servers, no status pill, no banner.
      await expect(page.getByRole('complementary', { name: 'Connections' })).toHaveCount(0);
      await expect(connectedPill(page)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.screenshot({ path: join(artifacts, `credential-${shot}.png`) });
    };
    const notThisRun =
      'Loupe runs at this address but did not accept this tab’s access token: it is not the token of this run. Each run of Loupe makes a new one, and a token ends with its run.';

    await page.goto(`${host.origin}/`);
    await expectAccessPage('This page was opened without Loupe’s access token.', '03-no-token');

    // A wrong token in the address: the page itself is answered 401, and says the same.
    const stale = randomBytes(32).toString('base64url');
    const refused = await page.goto(`${host.origin}/?token=${stale}`);
    expect(refused?.status()).toBe(401);
    await expectAccessPage(notThisRun, '04-wrong-token');
    await expect(page).toHaveURL(`${host.origin}/`);

    // The right address works; a reload keeps working.
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await expect(accessPage).toHaveCount(0);

    // The host stops: the tab says it lost the backend (it may come back) …
    const port = host.port;
    await host.stop();
    await expect(page.getByText('Backend disconnected — trying to reconnect…')).toBeVisible();
    // … and a new run on the same port, with its own token, refuses this tab's: the same page again.
    host = await startHostProcess(['--port', String(port)]);
    expect(host.port).toBe(port);
    await expectAccessPage(notThisRun, '05-earlier-run');
    // So does a reload, which finds the earlier run's token in the tab.
    await page.reload();
    await expectAccessPage(notThisRun, '06-earlier-run-reloaded');

    // The new run's address opens it.
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
  });
});
