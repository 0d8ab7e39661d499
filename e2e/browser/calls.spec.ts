/**
 * Tool calls through the browser host in Chromium, asserting the exact arguments the servers received:
 * the demo server's schema showcase tools echo their arguments as JSON; server-everything's echo, elicitation
 * and sampling tools report what reached them.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, toolList, openTool, receivedArguments } from '../pageHelpers';

const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);

test.describe('tool calls', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('demo server: $defs form, nullable switch and typed JSON reach the server exactly', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();

    // Pydantic-style $defs/$ref: fill the form; the default [] is kept, chip_id (default null) is left out.
    let panel = await openTool(page, 'register_pet');
    await panel.locator('input[id$="_name"]').first().fill('Rex');
    await panel.locator('select[id$="_species"]').selectOption({ label: 'dog' });
    await panel.locator('input[id$="_owner_name"]').fill('Ann');
    await panel.getByRole('button', { name: 'Call register_pet' }).click();
    expect(await receivedArguments(page)).toEqual({
      name: 'Rex',
      species: 'dog',
      owner: { name: 'Ann' },
      vaccinations: [],
    });

    // Nullable: null only where the user switched it on; an untouched optional field is omitted.
    panel = await openTool(page, 'update_profile');
    await panel.locator('input[id$="_display_name"]').fill('Ada');
    await panel.getByLabel('age is null').check();
    await panel.getByRole('button', { name: 'Call update_profile' }).click();
    expect(await receivedArguments(page)).toEqual({ display_name: 'Ada', age: null });

    // Typed JSON is sent as typed, Ctrl+Enter calls.
    panel = await openTool(page, 'echo');
    const json = panel.getByLabel('Arguments JSON');
    await json.fill('');
    await json.pressSequentially('{"message": "hi \\"there\\"", "extra": [1, null, ""]}');
    await expect(json).toHaveValue('{"message": "hi \\"there\\"", "extra": [1, null, ""]}');
    await json.press('Control+Enter');
    expect(await receivedArguments(page)).toEqual({ message: 'hi "there"', extra: [1, null, ''] });
    expect(errors).toEqual([]);
  });

  test('server-everything: echo, elicitation answered from the form, sampling approved with a reply', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${everything} stdio`);
    // Filtered first: the list is virtualised, and the server's roots request takes room below it, so an
    // unfiltered 14th tool may not be rendered at all (failed so in CI on a busy machine).
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('trigger-elicitation-request');
    await expect(toolList(page).getByRole('option', { name: /^trigger-elicitation-request\b/ })).toBeVisible({
      timeout: 30_000,
    });

    let panel = await openTool(page, 'echo');
    await panel.locator('input[id$="_message"]').fill('hello from loupe');
    await panel.getByRole('button', { name: 'Call echo' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Call result' })
        .locator('pre.text-block', { hasText: 'Echo: hello from loupe' }),
    ).toBeVisible();

    panel = await openTool(page, 'trigger-elicitation-request');
    await panel.getByRole('button', { name: 'Call trigger-elicitation-request' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[id$="_name"]').first().fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    const result = page.getByRole('region', { name: 'Call result' });
    await expect(
      result.locator('pre.text-block', { hasText: 'User provided the requested information' }),
    ).toBeVisible();
    const raw = (await result.locator('pre.text-block', { hasText: 'Raw result:' }).textContent()) ?? '';
    const answered = JSON.parse(raw.slice(raw.indexOf('{'))) as {
      action: string;
      content: Record<string, unknown>;
    };
    expect(answered.action).toBe('accept');
    expect(answered.content).toEqual({
      name: 'Ada Lovelace',
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });

    panel = await openTool(page, 'trigger-sampling-request');
    await panel.locator('input[id$="_prompt"]').fill('Say hi');
    await panel.getByRole('button', { name: 'Call trigger-sampling-request' }).click();
    const sampling = page.getByRole('dialog', { name: /sampling/ });
    await expect(sampling.locator('.sampling-messages').getByText(/context: Say hi/)).toBeVisible();
    await sampling.getByLabel('Sampling reply').fill('Hi from the user');
    await sampling.getByRole('button', { name: 'Approve and send reply' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Call result' })
        .locator('pre.text-block', { hasText: 'Hi from the user' }),
    ).toBeVisible();
  });

  test('server-everything: a long-running call shows progress, then its result', async ({ page }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${everything} stdio`);
    const panel = await openTool(page, 'trigger-long-running-operation');
    await panel.locator('input[id$="_duration"]').fill('3');
    await panel.locator('input[id$="_steps"]').fill('3');
    await panel.getByRole('button', { name: 'Call trigger-long-running-operation' }).click();
    const bar = panel.getByLabel('Call progress');
    await expect(bar).toHaveAttribute('max', '3');
    await expect(panel.getByText(/\d \/ 3/)).toBeVisible();
    await page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', 'calls-progress.png') });
    await expect(
      panel.getByRole('region', { name: 'Call result' }).locator('pre.text-block', { hasText: /completed/i }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(bar).toBeHidden();
    await page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', 'calls-result.png') });
  });
});
