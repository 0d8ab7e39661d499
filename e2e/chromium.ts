/**
 * The Chromium to drive, detected the same way as scripts/chromiumPath.mjs (LOUPE_CHROMIUM, Playwright's
 * own browser when installed, then the usual system locations), typed for the Playwright config.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function detectChromium(): string | undefined {
  const candidates: string[] = [];
  if (process.env.LOUPE_CHROMIUM) candidates.push(process.env.LOUPE_CHROMIUM);
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // no managed browser: fall through to the system's
  }
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable');
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

/** The flags a container or CI machine needs; harmless elsewhere. */
export const chromiumArguments = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
