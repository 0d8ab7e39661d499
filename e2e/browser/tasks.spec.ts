/**
 * Tasks in Chromium through the browser host: server-everything's simulate-research-query (a 2025-11-25 tool that
 * requires a task) runs to its report with its elicitation answered in the dialog, the live status shows in the
 * call panel and the Tasks tab lists the task; a second one is cancelled mid-way.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, toolList, openTool } from '../pageHelpers';

const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);

test.describe('tasks', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('server-everything: simulate-research-query runs as a task, asks, completes; another is cancelled', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${everything} stdio`);
    // Filtered first: the list is virtualised, and the server's roots request takes room below it.
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('simulate-research-query');
    await expect(toolList(page).getByRole('option', { name: /^simulate-research-query\b/ })).toBeVisible({
      timeout: 30_000,
    });

    const panel = await openTool(page, 'simulate-research-query');
    await expect(panel.getByTestId('task-required')).toHaveText('Runs as a task (the tool requires it)');
    await panel.locator('input[id$="_topic"]').fill('python');
    await panel.locator('input[id$="_ambiguous"]').check();
    await panel.getByRole('button', { name: 'Call simulate-research-query' }).click();

    const live = panel.getByTestId('task-live');
    // The first status shows as soon as the task exists (working, or already input_required on a slow run).
    await expect(live.getByTestId('task-status')).toHaveText(/^(working|input_required)$/, {
      timeout: 15_000,
    });
    const dialog = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(live.getByTestId('task-status')).toHaveText('input_required');
    await dialog.locator('select[id$="_interpretation"]').selectOption({ label: 'Python snake species' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    const result = panel.getByRole('region', { name: 'Call result' });
    await expect(
      result.locator('pre.text-block', { hasText: '# Research Report: python (snake)' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(live.getByTestId('task-status')).toHaveText('completed');
    const history = live.getByRole('list', { name: 'Task status history' });
    await expect(history.getByText('input_required', { exact: true }).first()).toBeVisible();
    await expect(history.getByText('working', { exact: true }).first()).toBeVisible();

    // A second run, cancelled while it works.
    await panel.locator('input[id$="_ambiguous"]').uncheck();
    await panel.getByRole('button', { name: 'Call simulate-research-query' }).click();
    // Cancel as soon as the new task works: its four stages take about a second each, and Playwright polls a
    // message that lasts one stage only once a second, so waiting for a later stage could miss it on a busy machine.
    await expect(panel.getByTestId('task-live').getByTestId('task-status')).toHaveText('working', {
      timeout: 15_000,
    });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByTestId('task-live').getByTestId('task-status')).toHaveText('cancelled', {
      timeout: 15_000,
    });

    await page.getByRole('tab', { name: /Tasks/ }).click();
    const rows = page.getByTestId('session-task');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('cancelled');
    await expect(rows.nth(1)).toContainText('completed');
    await expect(rows.nth(1)).toContainText('simulate-research-query');
    await page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', 'tasks-tab.png') });
  });
});
