/**
 * The renderer end to end in Chromium, through the real browser host, the real backend and real MCP test
 * servers over stdio: what the unit tests cannot show (layout-driven virtualisation, the WebSocket bridge,
 * the host dropping away). Skipped, and saying so, where no Chromium exists.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/startHost.js';
import type { Target } from '../../src/shared/target.js';
import { faultServer, paginatingServer } from '../helpers/servers.js';

/** LOUPE_CHROMIUM, Playwright's own browser when installed, then the usual system locations. */
function detectChromium(): string | undefined {
  const candidates = [process.env.LOUPE_CHROMIUM];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // no managed browser
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome');
  return candidates.find(
    (candidate): candidate is string => candidate !== undefined && existsSync(candidate),
  );
}

const chromiumArguments = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const executablePath = detectChromium();
let workDir = '';
let rendererDir = '';
let browser: Browser | undefined;
const hosts: RunningHost[] = [];

beforeAll(async () => {
  if (!executablePath) return;
  workDir = await mkdtemp(join(tmpdir(), 'loupe-renderer-'));
  rendererDir = join(workDir, 'renderer');
  await build({
    root: 'src/renderer',
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: rendererDir, emptyOutDir: true },
  });
  browser = await chromium.launch({ executablePath, args: chromiumArguments });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const host of hosts) await host.close().catch(() => undefined);
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function open(target: Target, settings?: object): Promise<{ page: Page; host: RunningHost }> {
  let settingsPath: string | undefined;
  if (settings) {
    settingsPath = join(workDir, `settings-${hosts.length}.json`);
    await writeFile(settingsPath, JSON.stringify(settings));
  }
  const host = await startHost({ target, rendererDir, settingsPath });
  hosts.push(host);
  if (!browser) throw new Error('no browser');
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('dialog', () => {
    throw new Error('a dialog opened: server text was executed');
  });
  await page.goto(host.url);
  return { page, host };
}

const toolsPane = (page: Page) => page.getByRole('region', { name: 'Tool list' });

describe.skipIf(!executablePath)('the renderer in Chromium through the browser host', () => {
  it('lists 1,000 tools over 40 pages, virtualised, filters and moves by keyboard', async () => {
    const { page } = await open(paginatingServer('--tools', '1000', '--page-size', '25', '--no-control'));
    await toolsPane(page).getByText('1,000 tools').waitFor({ timeout: 30_000 });
    expect(await toolsPane(page).getByText('40 pages').count()).toBe(1);
    expect(await toolsPane(page).getByText('incomplete').count()).toBe(0);
    const options = page.getByRole('listbox', { name: 'Tools' }).getByRole('option');
    const rendered = await options.count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);

    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('tool_0999');
    await expect.poll(() => options.count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');
    await page.getByRole('listbox', { name: 'Tools' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    const detail = page.getByRole('region', { name: 'Tool detail' });
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe('tool_1000');
    await page.close();
  });

  it('says the listing is incomplete when the page limit stopped it', async () => {
    const { page } = await open(paginatingServer('--tools', '100', '--page-size', '10', '--no-control'), {
      timeoutMs: 10_000,
      maxTotalMs: 60_000,
      pageLimit: 4,
      savedServers: [],
    });
    await toolsPane(page).getByText('40 tools', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await toolsPane(page).getByText('incomplete', { exact: true }).count()).toBe(1);
    expect(
      await toolsPane(page)
        .getByText(/Listing incomplete: stopped at the page limit/)
        .count(),
    ).toBe(1);
    await page.close();
  });

  it('renders hostile tool text inert', async () => {
    const { page } = await open(faultServer('--hostile', '--no-control', '--tools', '0'));
    await toolsPane(page).getByText('3 tools').waitFor({ timeout: 30_000 });
    const options = page.getByRole('listbox', { name: 'Tools' }).getByRole('option');
    for (let index = 0; index < 3; index += 1) await options.nth(index).click();
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await page.getByRole('searchbox', { name: 'Filter traffic' }).fill('onerror');
    await page.getByRole('listbox', { name: 'Frames' }).getByRole('option').first().click();
    expect(await page.getByLabel('Formatted frame').textContent()).toContain('<img src=x onerror=alert(1)>');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    await page.close();
  });

  it('pauses and clears the traffic view without losing frames, and jumps from a response to its request', async () => {
    const { page } = await open(paginatingServer('--tools', '50', '--page-size', '10', '--no-control'));
    await toolsPane(page).getByText('50 tools').waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Traffic' }).click();
    const frames = page.getByRole('listbox', { name: 'Frames' }).getByRole('option');
    await page.getByLabel('Direction').selectOption('in');
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('tools/list');
    await expect.poll(() => frames.count()).toBe(5);
    await frames.first().click();
    const detail = page.getByRole('region', { name: 'Frame detail' });
    await expect.poll(() => detail.textContent()).toMatch(/round trip \d/);
    await page.getByRole('button', { name: /Go to request #\d+/ }).click();
    await expect.poll(() => detail.textContent()).toContain('sent request tools/list');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => frames.count()).toBe(0);
    await page.getByRole('tab', { name: 'Timings' }).click();
    const table = page.getByRole('table', { name: 'Round trips by method' });
    const row = table.getByRole('row').filter({ hasText: 'tools/list' });
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe('5');
    await page.close();
  });

  it('shows the backend disconnected banner when the host goes away', async () => {
    const { page, host } = await open(paginatingServer('--tools', '5', '--page-size', '5', '--no-control'));
    await toolsPane(page).getByText('5 tools').waitFor({ timeout: 30_000 });
    await host.close();
    await page.getByRole('alert').filter({ hasText: 'Backend disconnected' }).waitFor({ timeout: 10_000 });
    expect(await toolsPane(page).getByText('5 tools').count()).toBe(1);
    await page.close();
  });
});
