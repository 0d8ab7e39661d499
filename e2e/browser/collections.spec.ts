/**
 * Collections in Chromium through the browser host, against the demo server: a person saves a call to a collection
 * (the actual result proposed, the timestamp ignored with one click), edits the step, saves a second call, runs
 * one step and then all of them, and sees the second call fail because the server changed since it was saved
 * (toggle_experimental_tools answers the other way round now), with the diff and a link to the step's frames.
 */
import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill, openTool } from '../pageHelpers';

test.describe('Collections', () => {
  let host: HostProcess;
  test.beforeEach(async ({ page }) => {
    host = await startHostProcess();
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('save a call, edit it, run it, and see a failure after the server changed', async ({
    page,
  }, testInfo) => {
    // A call whose state changes on the server: saved while it says "added".
    let panel = await openTool(page, 'toggle_experimental_tools');
    await panel.getByRole('button', { name: 'Call toggle_experimental_tools' }).click();
    await expect(panel.getByText('Experimental tools added.').first()).toBeVisible();
    await panel.getByRole('button', { name: 'Save to collection' }).first().click();
    let draft = panel.getByRole('region', { name: 'Save to collection' });
    await expect(draft.getByLabel('Step to save')).toHaveValue(/"equals": "Experimental tools added\."/);
    await draft.getByRole('button', { name: 'Add to collection' }).click();
    await expect(page.getByText('Step "toggle_experimental_tools" added to the collection.')).toBeVisible();

    // A structured call: its timestamp is offered as volatile and ignored with one click; the step is renamed.
    panel = await openTool(page, 'get_weather_report');
    await panel.getByRole('button', { name: 'Call get_weather_report' }).click();
    await expect(panel.getByText('cloudy').first()).toBeVisible();
    await panel.getByRole('button', { name: 'Save to collection' }).first().click();
    draft = panel.getByRole('region', { name: 'Save to collection' });
    const observedAt = draft.getByRole('listitem').filter({ hasText: '/observedAt' });
    await expect(observedAt).toContainText('looks volatile');
    await observedAt.getByRole('checkbox').check();
    const stepText = draft.getByLabel('Step to save');
    await expect(stepText).toHaveValue(/"ignore": \[\s*"\/observedAt"\s*\]/);
    const edited = (await stepText.inputValue()).replace(
      '"name": "get_weather_report"',
      '"name": "weather in Utrecht"',
    );
    await stepText.fill(edited);
    await draft.getByRole('button', { name: 'Add to collection' }).click();

    await page.getByRole('tab', { name: 'Collections' }).click();
    const view = page.getByRole('region', { name: 'Collections' });
    await expect(view.getByLabel('Collection JSON')).toHaveValue(/"name": "weather in Utrecht"/);

    // One step alone passes.
    const weather = view.getByRole('listitem', { name: 'Step weather in Utrecht' });
    await weather.getByRole('button', { name: 'Run step' }).click();
    await expect(weather.getByLabel('Result of weather in Utrecht')).toContainText('passed');
    await expect(weather).toContainText('structuredContent equals (ignoring /observedAt)');

    // All of them: the toggle now answers "removed", so its saved expectation fails, with the diff.
    await view.getByRole('button', { name: 'Run all' }).click();
    await expect(view.getByLabel('Run summary')).toHaveText('1 passed, 1 failed, 0 errors, 0 skipped');
    const toggle = view.getByRole('listitem', { name: 'Step toggle_experimental_tools' });
    await expect(toggle.getByLabel('Result of toggle_experimental_tools')).toContainText('failed');
    await expect(toggle).toContainText('text equals: not equal');
    const diff = toggle.getByLabel('Diff of text equals');
    await expect(diff).toContainText('- "Experimental tools added."');
    await expect(diff).toContainText('+ "Experimental tools removed."');
    await page.screenshot({ path: testInfo.outputPath('collections-failure.png'), fullPage: true });

    // The step's frames: Traffic with its request selected.
    await toggle.getByRole('button', { name: /^Frames #\d+/ }).click();
    await expect(page.getByRole('tab', { name: /Traffic/ })).toHaveAttribute('aria-selected', 'true');
  });
});
