/**
 * e2e: the built renderer through the browser host in Chromium. Each spec starts its own host in-process
 * (e2e/fixtures.ts), so no webServer is configured. The browser is detected (LOUPE_CHROMIUM, Playwright's
 * own, then the system's), never hard-coded. Electron specs run where an Electron binary exists.
 */
import { defineConfig } from '@playwright/test';
import { chromiumArguments, detectChromium } from './e2e/chromium';
import { electronBinary, noElectronReason } from './e2e/electronBinary';

const chromium = detectChromium();
// A second run beside the first (scripts/testNode24.mjs: LOUPE_TEST_LABEL=node24) keeps its own report and output.
const label = process.env.LOUPE_TEST_LABEL ? `-${process.env.LOUPE_TEST_LABEL}` : '';
// Said once, by the runner (workers load this file too): the Electron specs do not count as passed here.
if (!electronBinary() && process.env.TEST_WORKER_INDEX === undefined) {
  console.log(`e2e/electron: ${noElectronReason} (needs node_modules/electron/dist or ELECTRON_OVERRIDE_DIST_PATH)`);
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-output${label}`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two spec files at once, each in its own Chromium with its own host process on an ephemeral port and its own
  // settings directory: a spec mostly waits (on the host, its servers, the page), so two share 2 cores well.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `test-results/e2e${label}.json` }]],
  use: {
    viewport: { width: 1440, height: 900 },
    colorScheme: 'dark',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: chromiumArguments,
    },
  },
  projects: [
    { name: 'browser-host', testMatch: /e2e\/browser\/.*\.spec\.ts$/ },
    { name: 'electron', testMatch: /e2e\/electron\/.*\.spec\.ts$/ },
  ],
});
