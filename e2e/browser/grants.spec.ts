/**
 * A sign-in without a person in Chromium through the browser host, against oidc-provider
 * (test/servers/oidcMachine.mjs --dpop --as-nonce --rs-nonce): the person fills the connection form's sign-in
 * fields (client id and secret, the client credentials grant, DPoP left automatic) and connects; no page opens, the
 * tools list, the Auth view shows the grant's steps with their checks (the DPoP key, the token endpoint's nonce, the
 * bound token, the MCP server's nonce retried once), Traffic lists them as auth frames, and no secret is on screen.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  repositoryRoot,
  startHostProcess,
  startHttpServerProcess,
  type HostProcess,
  type HttpServerProcess,
} from '../hostProcess';
import { connectedPill, connectionForm, toolList } from '../pageHelpers';

const oidcMachine = join(repositoryRoot, 'test', 'servers', 'oidcMachine.mjs');
const secret = 'machine-secret-basic-41c';

test.describe('signing in with client credentials and DPoP', () => {
  let host: HostProcess;
  let server: HttpServerProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
    const keys = mkdtempSync(join(tmpdir(), 'loupe-e2e-machine-'));
    server = await startHttpServerProcess(oidcMachine, [
      '--key-dir',
      keys,
      '--dpop',
      '--as-nonce',
      '--rs-nonce',
    ]);
  });
  test.afterEach(async () => {
    await host.stop();
    await server.stop();
  });

  test('connects with the form’s client credentials, shows the DPoP grant’s steps and checks', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto(host.url);
    const form = await connectionForm(page);
    await form.getByRole('combobox').first().selectOption('http');
    await form.getByLabel('URL', { exact: true }).fill(server.url);
    await form.getByText('Sign-in (OAuth)').click();
    await form.getByLabel('Client ID', { exact: true }).fill('loupe-machine-basic');
    await form.getByLabel('Client secret', { exact: true }).fill(secret);
    await form.getByLabel('Grant', { exact: true }).selectOption('client_credentials');
    await expect(form.getByLabel('DPoP (proof-of-possession)')).toHaveValue('auto');
    await expect(form.getByText('No browser opens')).toBeVisible();
    // The person looks over what they typed before connecting.
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: testInfo.outputPath('grants-form.png') });
    await form.getByRole('button', { name: 'Connect', exact: true }).click();

    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option', { name: /^whoami\b/ })).toBeVisible();
    expect(context.pages()).toHaveLength(1);
    await expect(page.getByRole('alert', { name: 'Sign-in needed' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Sign-in' }).click();
    const steps = page.getByRole('list', { name: 'Sign-in steps' });
    for (const step of ['challenge', 'prm', 'as-metadata', 'dpop', 'registration', 'grant'])
      await expect(steps.locator(`li[data-step="${step}"]`).first()).toBeVisible();
    await expect(steps.locator('li[data-step="authorize"]')).toHaveCount(0);
    await expect(steps.locator('.check-fail')).toHaveCount(0);
    // The token endpoint's nonce: refused (400) then granted (200) with a DPoP-bound token.
    const grants = steps.locator('li[data-step="grant"]');
    await expect(grants).toHaveCount(2);
    await expect(grants.nth(0)).toContainText('400');
    await expect(grants.nth(1)).toContainText('200');
    await expect(grants.nth(1)).toContainText('the token is DPoP-bound');
    // The MCP server's nonce: one 401, retried once.
    await expect(
      steps.locator('li[data-step="dpop"]', { hasText: 'retried with the MCP server’s nonce' }),
    ).toHaveCount(1);
    await grants.nth(1).locator('summary').click();
    await expect(grants.nth(1)).toContainText('Basic ••••');
    await expect(grants.nth(1)).toContainText('"access_token":"••••"');
    await expect(page.locator('body')).not.toContainText(secret);
    await page.screenshot({ path: testInfo.outputPath('grants-steps.png'), fullPage: true });

    await page.getByRole('tab', { name: /^Traffic/ }).click();
    const traffic = page.getByRole('tab', { name: /^Traffic/ });
    await expect(traffic).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^sign-in grant: POST 127\.0\.0\.1:\d+\/token → 400$/)).toHaveCount(1);
    await expect(page.getByText(/^sign-in grant: POST 127\.0\.0\.1:\d+\/token → 200$/)).toHaveCount(1);
    await expect(page.getByText(/^sign-in dpop: \(no request\) → 401$/)).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('grants-traffic.png') });

    await page.getByRole('tab', { name: /^Tools/ }).click();
    await toolList(page)
      .getByRole('option', { name: /^whoami\b/ })
      .click();
    await page
      .getByRole('region', { name: 'Call whoami' })
      .getByRole('button', { name: 'Call whoami' })
      .click();
    await expect(page.getByRole('region', { name: 'Call result' })).toContainText(
      'client loupe-machine-basic',
    );
    const log = (await (await fetch(new URL('/control/log', server.url))).json()) as {
      grants: string[];
      tokenTypes: string[];
      schemes: string[];
      rsNonceChallenges: number;
    };
    expect(log.grants).toEqual(['client_credentials']);
    expect(log.tokenTypes).toEqual(['DPoP']);
    expect(new Set(log.schemes)).toEqual(new Set(['DPoP']));
    expect(log.rsNonceChallenges).toBe(1);

    // The snapshot keeps the grant's steps as frames, masked: no secret, no token, no proof, no assertion.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    const saved = testInfo.outputPath('grants-snapshot.json');
    await (await download).saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    const snapshot = JSON.parse(text) as { frames: { http?: { auth?: string } }[] };
    const stepsSaved = snapshot.frames.flatMap((frame) => (frame.http?.auth ? [frame.http.auth] : []));
    expect(stepsSaved).toEqual(
      expect.arrayContaining(['challenge', 'prm', 'as-metadata', 'dpop', 'registration', 'grant']),
    );
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(text).toContain('Basic ••••');
  });
});
