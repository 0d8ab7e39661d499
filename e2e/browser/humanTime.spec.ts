/**
 * A person takes their time with the server's question, in Chromium through the browser host: server-everything's
 * trigger-elicitation-request opens the "server asks you for input" panel; the answer is typed 15 s later (longer
 * than the 10 s request timeout). The call then succeeds with the server's own result, and Traffic shows no
 * notifications/cancelled. A call cancelled while its panel is open closes the panel, which says why.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool, toolList } from '../pageHelpers';

const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', `human-time-${name}.png`) });

async function openEverything(page: Page, host: HostProcess): Promise<void> {
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible();
  await connectStdio(page, process.execPath, `${everything} stdio`);
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('trigger-elicitation-request');
  await expect(toolList(page).getByRole('option', { name: /^trigger-elicitation-request\b/ })).toBeVisible({
    timeout: 30_000,
  });
}

test.describe('the person’s time', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('an elicitation answered 15 s later: the call succeeds, nothing was cancelled', async ({ page }) => {
    test.setTimeout(90_000);
    await openEverything(page, host);
    const panel = await openTool(page, 'trigger-elicitation-request');
    await panel.getByRole('button', { name: 'Call trigger-elicitation-request' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(dialog).toBeVisible();
    // The person reads the form for 15 s before typing: longer than the call's 10 s timeout.
    await page.waitForTimeout(15_000);
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await shot(page, 'waiting');
    await dialog.locator('input[id$="_name"]').first().fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    const result = page.getByRole('region', { name: 'Call result' });
    await expect(
      result.locator('pre.text-block', { hasText: 'User provided the requested information' }),
    ).toBeVisible();
    await expect(result.locator('pre.text-block', { hasText: '- Name: Ada Lovelace' })).toBeVisible();
    await shot(page, 'answered');

    await page.getByRole('tab', { name: /Traffic/ }).click();
    const method = page.getByRole('searchbox', { name: 'Filter by method' });
    const frames = page.getByRole('listbox', { name: 'Frames' });
    await method.fill('tools/call');
    // The elicitation's call: its request and its answer, and no error in between.
    await expect(frames.getByRole('option')).toHaveCount(2);
    await expect(frames.locator('.error-code')).toHaveCount(0);
    await method.fill('notifications/cancelled');
    await expect(frames.getByRole('option')).toHaveCount(0);
    await method.fill('elicitation/create');
    await expect(frames.getByRole('option')).toHaveCount(2);
  });

  test('a call cancelled while its panel is open closes the panel, which says why', async ({ page }) => {
    await openEverything(page, host);
    const panel = await openTool(page, 'trigger-elicitation-request');
    await panel.getByRole('button', { name: 'Call trigger-elicitation-request' }).click();
    await expect(page.getByRole('dialog', { name: 'The server asks you for input' })).toBeVisible();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const closed = page.getByRole('dialog', { name: 'The server asks you for input (closed)' });
    await expect(closed.getByRole('status')).toHaveText(
      'Closed before you answered: tools/call was cancelled: cancelled by the user. No answer can be sent for it any more.',
    );
    await expect(closed.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await shot(page, 'closed');
    await closed.getByRole('button', { name: 'Dismiss' }).click();
    await expect(closed).toBeHidden();
    await expect(
      page.getByText(/elicitation\/create: closed unanswered: tools\/call was cancelled/),
    ).toBeAttached();
  });
});
