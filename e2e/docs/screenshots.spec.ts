/**
 * The documentation's screenshots, written by `npm run docs:images` (playwright.docs.config.ts; `npm test` never
 * runs this spec, so a test run changes no tracked file): each main view of the demo server (e2e/viewTour.ts) at
 * 1024×700, 1440×900 and 2560×1440, light and dark, as docs/images/<view>-<width>x<height>-<scheme>.png. Nothing is
 * compared pixel for pixel; a person looks at them. The same tour runs in the e2e (accessibility.spec.ts, with its
 * checks that each view is the one selected and the page does not scroll sideways), so the pictures' path stays
 * tested; here those checks hold once more before each picture is taken.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';
import { tour, visit } from '../viewTour';

const images = join(repositoryRoot, 'docs', 'images');
mkdirSync(images, { recursive: true });

const sizes = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
  { width: 2560, height: 1440 },
];

test.describe('documentation screenshots', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  for (const size of sizes) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`every main view at ${size.width}×${size.height}, ${scheme}`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.setViewportSize(size);
        await page.goto(host.url);
        await expect(connectedPill(page)).toBeVisible();
        for (const stop of tour) {
          // visit() checks that the view is the one selected and the page does not scroll sideways.
          await visit(page, stop);
          // No hover or focus ring left from the tour's clicks on the picture.
          await page.mouse.move(size.width - 1, size.height - 1);
          await page.evaluate(
            'document.activeElement instanceof HTMLElement && document.activeElement.blur()',
          );
          await page.screenshot({
            path: join(images, `${stop.slug}-${size.width}x${size.height}-${scheme}.png`),
          });
        }
      });
    }
  }
});
