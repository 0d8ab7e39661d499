// Chromium detection shared by .ci/run, the e2e config and the benchmarks: LOUPE_CHROMIUM, Playwright's own
// browser when installed, then the usual system locations.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export function findChromium() {
  const tried = [];
  const candidates = [];
  if (process.env.LOUPE_CHROMIUM) candidates.push(process.env.LOUPE_CHROMIUM);
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    candidates.push(chromium.executablePath());
  } catch {
    // playwright-core missing or no managed browser: fall through to the system's.
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable');
  for (const candidate of candidates) {
    if (!candidate) continue;
    tried.push(candidate);
    if (existsSync(candidate)) return { path: candidate, tried };
  }
  return { path: undefined, tried };
}
