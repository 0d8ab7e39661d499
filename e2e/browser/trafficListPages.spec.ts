/**
 * In Chromium through the browser host, against a real paginating server of 10,000 tools in 50 pages: Traffic's list
 * pages reach the page without their raw text (issue 44: the items already crossed as the list's rows), and a person
 * still sees each one exactly as recorded. Searching Traffic for a tool's name finds the one page that holds it (its
 * text is read from the backend first); opened, the page shows its text, byte for byte what the saved snapshot holds
 * for that frame. Screenshots of the opened page at 1024×700 and 1440×900, light and dark, go to
 * e2e-artifacts/traffic-list-page-*.png (gitignored).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });

let host: HostProcess | undefined;
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

interface CrossedFrame {
  seq: number;
  raw?: string;
  rawLeft?: boolean;
  bytes: number;
}

test('a big list page: found by Traffic search, opened, its exact recorded text', async ({ page }) => {
  test.setTimeout(180_000);
  host = await startHostProcess([
    process.execPath,
    testServers.paginating,
    '--tools',
    '10000',
    '--page-size',
    '200',
    '--no-control',
  ]);
  /** Every frame as it crossed the socket (onFrames), and the text of those messages. */
  const crossed = new Map<number, CrossedFrame>();
  const framesText: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      const message = JSON.parse(text) as { type?: string; event?: string; payloads?: CrossedFrame[][] };
      if (message.type !== 'event' || message.event !== 'onFrames') return;
      framesText.push(text);
      for (const batch of message.payloads ?? []) for (const frame of batch) crossed.set(frame.seq, frame);
    });
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
  const tools = page.getByRole('region', { name: 'Tool list' });
  await expect(tools.locator('.list-count')).toHaveText(/^10,000 tools · 50 pages$/, { timeout: 60_000 });

  // Traffic: the name of tool 4321 is in no frame that crossed; the search reads the pages' text and finds its page.
  await page.getByRole('tab', { name: 'Traffic' }).click();
  const box = page.getByRole('searchbox', { name: 'Filter traffic' });
  await box.fill('tool_4321');
  const frames = page.getByRole('listbox', { name: 'Frames' });
  await expect(frames.getByRole('option')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.toolbar-count')).toHaveText(/^1 frame of \d+/);
  await expect(page.getByTestId('traffic-reading-texts')).toHaveCount(0);
  expect(framesText.join('\n')).not.toContain('tool_4321');

  await frames.getByRole('option').click();
  const detail = page.getByRole('region', { name: 'Frame detail' });
  const heading = detail.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('received response');
  await expect(heading).toContainText('tools/list');
  const seq = Number(/#(\d+)/.exec((await heading.textContent()) ?? '')?.[1]);
  // It crossed marked, with its length and without its text.
  const asCrossed = crossed.get(seq);
  expect(asCrossed).toMatchObject({ seq, rawLeft: true });
  expect(asCrossed?.raw).toBeUndefined();

  await expect(detail.getByLabel('Formatted frame')).toContainText('"tool_4321"');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await expect(detail.getByLabel('Formatted frame')).toBeVisible();
      await page.screenshot({
        path: join(artifacts, `traffic-list-page-${size.width}x${size.height}-${scheme}.png`),
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The Raw view: exactly the recorded text, as the session's saved snapshot holds that frame.
  await detail.getByRole('radio', { name: 'Raw' }).click();
  const shown = (await detail.getByLabel('Raw frame').textContent()) ?? '';
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  const saved = join(artifacts, `traffic-list-page-${Date.now()}.json`);
  await (await download).saveAs(saved);
  const snapshot = JSON.parse(readFileSync(saved, 'utf8')) as { frames: { seq: number; raw: string }[] };
  const recorded = snapshot.frames.find((frame) => frame.seq === seq)?.raw;
  expect(recorded).toContain('"tool_4321"');
  expect(shown).toBe(recorded);
  expect(Buffer.byteLength(shown, 'utf8')).toBe(asCrossed?.bytes);
  await expect(detail.getByRole('button', { name: 'Copy frame' })).toBeEnabled();
});
