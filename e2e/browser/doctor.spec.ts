/**
 * The connection doctor and the page limit in Chromium through the browser host: a failed connection names its
 * likely cause and next step; a failed tool call does too, in its result; a listing stopped at the host's
 * --page-limit goes on from its last cursor.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { repositoryRoot, startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool } from '../pageHelpers';

const banner = join(repositoryRoot, 'test', 'servers', 'banner.mjs');
const callFaults = join(repositoryRoot, 'test', 'servers', 'callFaults.mjs');
let host: HostProcess | undefined;
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

test('a server printing a banner on stdout: the error view quotes it as the likely cause, with the next step', async ({
  page,
}) => {
  test.setTimeout(60_000);
  host = await startHostProcess();
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible();
  await connectStdio(page, process.execPath, banner, 'legacy');
  const failure = page.getByRole('region', { name: 'Connection error' }).getByRole('alert');
  const doctor = failure.getByRole('region', { name: 'Connection doctor' });
  await expect(doctor).toContainText('Likely cause', { timeout: 30_000 });
  await expect(doctor).toContainText('not JSON-RPC on stdout: “Weather MCP server v1.2.3”');
  await expect(doctor).toContainText('Next step');
  await expect(doctor).toContainText('Make the server log to stderr');
  await doctor.getByText(/^Evidence \(\d+\)$/).click();
  await expect(doctor.getByLabel('Evidence')).toContainText(
    'stdout: Listening on stdio, press Ctrl-C to stop',
  );
});

test('--page-limit on the host command line, then "Fetch the next 3 pages" and "Fetch all"', async ({
  page,
}) => {
  host = await startHostProcess([
    '--page-limit',
    '3',
    process.execPath,
    testServers.paginating,
    '--tools',
    '100',
    '--page-size',
    '10',
  ]);
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible();
  const tools = page.getByRole('region', { name: 'Tool list' });
  await expect(tools.locator('.list-count')).toHaveText(/^30 tools · 3 pages/);
  await expect(tools.getByText(/Listing incomplete: stopped at the page limit/)).toBeVisible();
  await tools.getByRole('button', { name: 'Fetch the next 3 pages' }).click();
  await expect(tools.locator('.list-count')).toHaveText(/^60 tools · 6 pages/);
  await tools.getByRole('button', { name: 'Fetch all' }).click();
  await expect(tools.locator('.list-count')).toHaveText(/^102 tools · 11 pages$/);
  await expect(tools.getByRole('button', { name: 'Fetch all' })).toHaveCount(0);
});

test('a call to a tool the server dropped without list_changed: the result names the stale list; Re-list shows the silent change', async ({
  page,
}) => {
  test.setTimeout(60_000);
  host = await startHostProcess([process.execPath, callFaults]);
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible();
  const reshuffle = await openTool(page, 'reshuffle');
  await reshuffle.getByRole('button', { name: 'Call reshuffle' }).click();
  await expect(reshuffle.getByRole('region', { name: 'Call result' })).toContainText('reshuffled');

  const strict = await openTool(page, 'strict');
  await strict.locator('input[id$="_count"]').fill('3');
  await strict.getByRole('button', { name: 'Call strict' }).click();
  const result = strict.getByRole('region', { name: 'Call result' });
  await expect(result.getByRole('alert')).toContainText('Protocol error (rpc-error -32602 InvalidParams)');
  const doctor = result.getByRole('region', { name: 'Connection doctor' });
  await expect(doctor).toContainText(
    'The tool list is stale: the server listed “strict” but now says it does not know it',
  );
  await expect(doctor).toContainText(
    'Re-list the tools (Re-list above the tool list in the app, or loupe list) and call again',
  );
  const evidence = doctor.getByLabel('Evidence');
  await expect(evidence).toBeHidden();
  await doctor.getByText(/^Evidence \(\d+\)$/).click();
  await expect(evidence).toContainText('server said: Unknown tool: strict');
  await expect(evidence).toContainText('notifications/tools/list_changed since the listing: none');

  // The way on: Re-list. The new listing shows the tools now, and says they changed without list_changed.
  const tools = page.getByRole('region', { name: 'Tool list' });
  await tools.getByRole('button', { name: 'Re-list' }).click();
  const advice = tools.getByRole('status', { name: 'Listing advice' });
  await expect(advice).toContainText(
    'The tools changed since the last listing (1 added, 1 removed, 0 changed), but the server sent no notifications/tools/list_changed',
  );
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('newcomer');
  await expect(
    page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: /^newcomer\b/ }),
  ).toBeVisible();
});
