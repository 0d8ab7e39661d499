#!/usr/bin/env node
// Prints the path of a Chromium to drive with Playwright, or exits 1 naming where it looked.
// Kept in sync with e2e's detection by importing the same module.
import { findChromium } from './chromiumPath.mjs';

const found = findChromium();
if (found.path) {
  process.stdout.write(`${found.path}\n`);
} else {
  process.stderr.write(`no Chromium found (looked at: ${found.tried.join(', ')})\n`);
  process.exit(1);
}
