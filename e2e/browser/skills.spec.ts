/**
 * The Skills tab (SEP-2640) in Chromium through the browser host, against test/servers/skills.mjs over stdio: the
 * listing over every page with no file read, a skill's files verified on request with a badge each, a tampered
 * SKILL.md refused with its reason and no content shown, and the palette jumping to a skill.
 */
import { readFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill } from '../pageHelpers';

const skillsServer = join(repositoryRoot, 'test', 'servers', 'skills.mjs');

test.describe('Skills tab', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('lists without reading, verifies on request, refuses a tampered skill, and the palette jumps to one', async ({
    page,
  }, testInfo) => {
    const reads = join(mkdtempSync(join(tmpdir(), 'loupe-skills-e2e-')), 'reads.txt');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${skillsServer} --reads-log ${reads}`);
    await expect(page.getByTestId('header-protocol')).toHaveText(/MCP 2026-07-28/);

    await page.getByRole('tab', { name: /^Skills/ }).click();
    await page.getByRole('button', { name: 'List skills' }).click();
    await expect(page.getByTestId('skills-footer')).toHaveText('7 skills · 4 pages');
    const list = page.getByRole('list', { name: 'Skills' });
    await expect(list.getByRole('button')).toHaveCount(7);
    expect(existsSync(reads)).toBe(false);

    await list.getByRole('button', { name: /^pdf-processing/ }).click();
    const detail = page.getByRole('region', { name: 'Skill detail' });
    await expect(detail.getByTestId('skill-file')).toHaveCount(3);
    await expect(detail.getByText('not read', { exact: true })).toHaveCount(3);
    await detail.getByRole('button', { name: 'Read and verify files' }).click();
    await expect(detail.locator('.skill-verdict')).toHaveText(['✓ verified', '✓ verified', '✓ verified']);
    await expect(detail.locator('.skill-text')).toContainText(
      'Read references/FORMS.md before filling a form.',
    );
    await page.screenshot({ path: testInfo.outputPath('skills-verified.png') });

    await list.getByRole('button', { name: /^bad-digest/ }).click();
    await detail.getByRole('button', { name: 'Read and verify files' }).click();
    await expect(detail.locator('.skill-verdict')).toHaveText(['✗ digest mismatch']);
    await expect(detail.getByRole('alert')).toContainText('Skill refused');
    await expect(detail.locator('.skill-text')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('skills-refused.png') });
    expect(readFileSync(reads, 'utf8').trim().split('\n')).toEqual([
      'skill://pdf-processing/SKILL.md',
      'skill://pdf-processing/references/FORMS.md',
      'skill://pdf-processing/assets/logo.png',
      'skill://bad-digest/SKILL.md',
    ]);

    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Go to' }).fill('bad-frontmatter');
    await page.keyboard.press('Enter');
    await expect(detail.getByRole('heading', { name: 'bad-frontmatter' })).toBeVisible();
  });
});
