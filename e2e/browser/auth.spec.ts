/**
 * Sign-in in Chromium through the browser host, against a real OpenID Provider: oidc-provider on loopback in
 * front of an MCP server that checks bearer tokens with the official SDK's requireBearerAuth
 * (test/servers/oidcProtected.mjs). Connecting shows the sign-in banner and opens nothing by itself; its button
 * opens the provider's page; the user signs in and consents there; back in Loupe the tools list, the Auth view
 * shows each step with its checks, Traffic lists the same steps as auth frames, and once the short-lived access
 * token is about to expire the next call refreshes it.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  repositoryRoot,
  startHostProcess,
  startHttpServerProcess,
  type HostProcess,
  type HttpServerProcess,
} from '../hostProcess';
import { connectHttp, connectedPill, toolList } from '../pageHelpers';

const oidcProtected = join(repositoryRoot, 'test', 'servers', 'oidcProtected.mjs');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', `auth-${name}.png`) });

test.describe('signing in to a protected server', () => {
  let host: HostProcess;
  let server: HttpServerProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
    server = await startHttpServerProcess(oidcProtected, ['--access-ttl', '8']);
  });
  test.afterEach(async () => {
    await host.stop();
    await server.stop();
  });

  test('signs in at the provider, lists tools, shows the steps, refreshes an expiring token', async ({
    page,
    context,
  }) => {
    // The person reads the banner before asking for the page: a real wait, on top of the sign-in itself.
    test.setTimeout(90_000);
    await page.goto(host.url);
    await connectHttp(page, server.url);
    const banner = page.getByRole('alert', { name: 'Sign-in needed' });
    await expect(banner).toContainText(server.url);
    const open = banner.getByRole('button', { name: 'Open sign-in page' });
    await expect(open).toBeVisible();
    // Nothing opens by itself: the person reads the banner, then asks for the page.
    await page.waitForTimeout(2_000);
    expect(context.pages()).toHaveLength(1);
    await shot(page, 'banner');
    const opened = context.waitForEvent('page');
    await open.click();

    const signInPage = await opened;
    await signInPage.waitForLoadState();
    expect(new URL(signInPage.url()).pathname).toMatch(/^\/interaction\//);
    await signInPage.locator('input[name="login"]').fill('alice');
    await signInPage.locator('input[name="password"]').fill('any password');
    await signInPage.getByRole('button', { name: 'Sign-in' }).click();
    await signInPage.getByRole('button', { name: 'Continue' }).click();
    await expect(signInPage.getByText('Signed in.')).toBeVisible();
    expect(new URL(signInPage.url()).hostname).toBe('127.0.0.1');
    await signInPage.close();

    await expect(connectedPill(page)).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(toolList(page).getByRole('option', { name: /^whoami\b/ })).toBeVisible();

    await page.getByRole('tab', { name: 'Sign-in' }).click();
    const steps = page.getByRole('list', { name: 'Sign-in steps' });
    for (const step of ['challenge', 'prm', 'as-metadata', 'registration', 'authorize', 'token'])
      await expect(steps.locator(`li[data-step="${step}"]`).first()).toBeVisible();
    await expect(steps.locator('.check-fail')).toHaveCount(0);
    expect(await steps.locator('.check-pass').count()).toBeGreaterThan(5);
    await expect(steps.locator('li[data-step="token"]')).toContainText('200');
    await steps.locator('li[data-step="token"] summary').click();
    await expect(steps.locator('li[data-step="token"] .auth-body').last()).toContainText(
      '"access_token":"••••"',
    );
    await shot(page, 'steps');

    await page.getByRole('tab', { name: /^Traffic/ }).click();
    await expect(page.locator('.kind-http', { hasText: 'auth' }).first()).toBeVisible();

    // The access token lives 8 s; past half its life the next request refreshes it first.
    await page.waitForTimeout(5_000);
    await page.getByRole('tab', { name: /^Tools/ }).click();
    await toolList(page)
      .getByRole('option', { name: /^whoami\b/ })
      .click();
    const panel = page.getByRole('region', { name: 'Call whoami' });
    await panel.getByRole('button', { name: 'Call whoami' }).click();
    await expect(page.getByRole('region', { name: 'Call result' })).toContainText('client');

    await page.getByRole('tab', { name: 'Sign-in' }).click();
    const refresh = steps.locator('li[data-step="refresh"]');
    await expect(refresh).toHaveCount(1);
    await expect(refresh).toContainText('200');
    await expect(refresh.locator('.check-fail')).toHaveCount(0);
    const log = (await (await fetch(new URL('/control/log', server.url))).json()) as { grants: string[] };
    expect(log.grants).toEqual(['authorization_code', 'refresh_token']);
    await shot(page, 'refreshed');
  });
});
