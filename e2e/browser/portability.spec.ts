/**
 * Portability in Chromium through the browser host, against the embedded demo server (163 tools): the token cost in
 * the tools header and the server view, the tools × hosts matrix (Loupe's profiles of today's hosts) filtered to
 * refusals and limits, a refused cell's rule, path and source, a limited cell's workaround, and the verdict badges in
 * the tool detail.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool, toolList } from '../pageHelpers';

const demoServer = join(repositoryRoot, 'out', 'node', 'demo', 'server.js');

test.describe('Portability', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('the matrix filtered to refusals and limits, a refused and a limited cell explained, badges in the tool detail', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, demoServer);
    await expect(toolList(page).getByRole('option', { name: /^configure_alert\b/ })).toBeVisible({
      timeout: 30_000,
    });
    // The tools header says what the definitions cost.
    await expect(
      page.getByText(/^Definitions: [\d,]+ tokens \(o200k\) · ~[\d,]+ for Claude \(estimate\)$/),
    ).toBeVisible();

    await page.getByRole('tab', { name: /^Portability/ }).click();
    const view = page.getByRole('region', { name: 'Portability' });
    await expect(view.getByText(/^163 tools against 8 host profiles\./)).toBeVisible();
    const table = view.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /^anthropic\s*1 refused$/ })).toBeVisible();
    // Gemini takes the schemas as parametersJsonSchema: nothing refused.
    await expect(table.getByRole('columnheader', { name: /^gemini\s*0 refused$/ })).toBeVisible();
    // 163 tools: past Cursor's 40 and VS Code's 128 they are limited, never refused.
    await expect(
      table.getByRole('columnheader', { name: /^cursor\s*0 refused · 123 limited$/ }),
    ).toBeVisible();
    await expect(
      table.getByRole('columnheader', { name: /^vscode\s*0 refused · 35 limited$/ }),
    ).toBeVisible();
    await view.getByLabel('Refused or limited only').check();
    const alert = table.getByRole('button', { name: 'configure_alert in Anthropic tool use: refused' });
    await expect(alert).toBeVisible();
    await alert.click();
    const detail = view.getByRole('complementary', { name: 'Verdict detail' });
    await expect(detail).toContainText(
      'refused · top-level-combinators · inputSchema.allOf — inputSchema has allOf at the top level',
    );
    await expect(detail).toContainText('https://github.com/anthropics/claude-code/issues/5319');
    await page.screenshot({ path: testInfo.outputPath('portability-matrix.png') });

    // A tool past VS Code's 128: limited, with the way past it and VS Code's own page.
    await table
      .getByRole('button', { name: /in VS Code: limited$/ })
      .first()
      .click();
    await expect(detail).toContainText('limited · tool-count · tools — the tool is number');
    await expect(detail).toContainText('github.copilot.chat.virtualTools.threshold');
    await expect(detail).toContainText(
      "Source (provider's own page, read 2026-12-06): https://code.visualstudio.com/docs/copilot/agents/agent-tools",
    );

    await page.getByRole('tab', { name: /^Tools/ }).click();
    await openTool(page, 'configure_alert');
    const detailPane = page.getByRole('region', { name: 'Tool detail' });
    const badges = detailPane.getByLabel('Verdicts by host');
    await expect(badges.getByText('anthropic: refused')).toBeVisible();
    await expect(badges.getByText('claude-code: refused')).toBeVisible();
    await expect(badges.getByText('vscode: accepted')).toBeVisible();
    await expect(
      detailPane.getByText(/^anthropic refused · top-level-combinators · inputSchema\.allOf/),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('portability-tool-detail.png') });

    await page.getByRole('tab', { name: /^Server/ }).click();
    await expect(
      page.getByText(/^163 tool definitions cost this server [\d,]+ tokens \(o200k\)/),
    ).toBeVisible();
  });
});
