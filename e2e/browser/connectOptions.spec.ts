/**
 * How Loupe connects, as a user sees it in Chromium through the browser host: the tools header names the client
 * capabilities Loupe declared and lists server-everything again as a client without any (13 tools, not 16,
 * naming the 3), and the connection form's "Request timeout (ms)" against test/servers/fault.mjs answering 3 s
 * late. Screenshots go to e2e-artifacts/connect-*.png (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  repositoryRoot,
  startHostProcess,
  startHttpServerProcess,
  testServers,
  type HostProcess,
  type HttpServerProcess,
} from '../hostProcess';
import { connectStdio, connectedPill, connectionForm } from '../pageHelpers';

const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `connect-${name}.png`) });
const strip = (page: Page) => page.getByRole('tablist', { name: 'Sessions' });

test.describe('connect options', () => {
  let host: HostProcess;
  let server: HttpServerProcess | undefined;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    await host?.stop();
  });

  test('the tools header names what Loupe declared and lists server-everything again without capabilities', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${everything} stdio`);
    const tools = page.getByRole('region', { name: 'Tool list' });
    await expect(tools.locator('.list-count')).toHaveText(/^16 tools · 1 page/, { timeout: 30_000 });
    const declared = tools.getByRole('group', { name: 'Declared capabilities' });
    await expect(declared.locator('p').first()).toHaveText(
      'Listed for Loupe declaring roots, sampling, elicitation, tasks, extensions tasks, ui, skills; a client declaring less may be listed other tools (the CLI declares none without --input).',
    );
    await declared.getByRole('button', { name: 'List as a client without capabilities' }).click();
    const outcome = declared.getByRole('status', { name: 'Without capabilities' });
    await expect(outcome).toHaveText(
      'As a client without capabilities: 13 tools — 3 fewer. Listed only for a client that declares them: get-roots-list, trigger-elicitation-request, trigger-sampling-request.×',
      { timeout: 30_000 },
    );
    await shot(page, 'without-capabilities');
    // The second listing used a temporary session of its own: never in the strip, and the session's list unchanged.
    await expect(strip(page).getByRole('tab')).toHaveCount(1);
    await expect(tools.locator('.list-count')).toHaveText(/^16 tools · 1 page/);
    await outcome.getByRole('button', { name: 'Dismiss' }).click();
    await expect(
      declared.getByRole('button', { name: 'List as a client without capabilities' }),
    ).toBeVisible();
  });

  test('"Request timeout (ms)": refused when not whole ms, used for every request, saved and shown', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    // Over HTTP to a server already listening, its lists answered 20 s late: a short timeout (5 s) stops the listing
    // while initialize, answered at once, is far inside it even on a loaded machine (over stdio with 1.5 s, node's
    // own start could outlast the timeout and fail the initialize instead); a patient one (30 s) waits the list out.
    server = await startHttpServerProcess(testServers.paginating, [
      '--transport',
      'http',
      '--tools',
      '3',
      '--page-size',
      '5',
      '--resources',
      '0',
      '--templates',
      '0',
      '--prompts',
      '0',
      '--delay',
      '20000',
    ]);
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    let form = await connectionForm(page);
    const timeout = () => form.getByLabel('Request timeout (ms)', { exact: true });
    await expect(timeout()).toHaveValue('');
    await expect(timeout()).toHaveAttribute('placeholder', '10000 (default)');
    await form.getByRole('combobox').first().selectOption('http');
    await form.getByLabel('URL', { exact: true }).fill(server.url);
    await form.getByLabel('Protocol', { exact: true }).selectOption('legacy');
    await timeout().fill('1.5s');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Request timeout (ms) must be a whole number of milliseconds from 1 to 3600000, not “1.5s”; leave it empty for the default (10000 ms).',
    );

    await timeout().fill('5000');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
    const tools = page.getByRole('region', { name: 'Tool list' });
    await expect(tools.getByText('Listing incomplete: a page timed out')).toBeVisible({ timeout: 30_000 });
    await expect(tools.getByText(/tools\/list got no answer within 5000 ms/)).toBeVisible();
    await expect(tools.getByText('No page was received: the server’s tools are unknown.')).toBeVisible();
    await expect(tools.getByText('No tools received before the listing stopped.')).toBeVisible();
    await shot(page, 'timeout-5000');
    // The Server view shows the timeout the connection uses.
    const serverView = page.getByRole('tab', { name: 'Server', exact: true });
    const toolsView = page.getByRole('tab', { name: 'Tools', exact: true });
    await serverView.click();
    await expect(page.getByRole('tabpanel').getByTestId('request-timeout')).toHaveText('5000 ms');

    // Saved with the server (the dialog opens again on this attempt), and connected again with a patient 30 s.
    form = await connectionForm(page);
    await expect(timeout()).toHaveValue('5000');
    await form.getByLabel('Name to save as').fill('slow');
    await form.getByRole('button', { name: 'Save server' }).click();
    await expect(page.getByRole('button', { name: 'Connect to slow' })).toContainText('· timeout 5000 ms');
    await timeout().fill('30000');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('tabpanel').getByTestId('request-timeout')).toHaveText('30000 ms', {
      timeout: 30_000,
    });
    await toolsView.click();
    // The list comes 20 s after it was asked for.
    await expect(tools.locator('.list-count')).toHaveText(/^5 tools · 1 page/, { timeout: 45_000 });
    await shot(page, 'timeout-30000');

    // The saved server connects with its own 5 s.
    await page.getByRole('button', { name: 'Connect to slow' }).click();
    await serverView.click();
    await expect(page.getByRole('tabpanel').getByTestId('request-timeout')).toHaveText('5000 ms', {
      timeout: 30_000,
    });
  });
});
