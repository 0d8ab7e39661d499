/**
 * The documentation's screenshots (`npm run docs:images`): the e2e setup of playwright.config.ts, one spec,
 * e2e/docs/screenshots.spec.ts, which writes docs/images/. `npm test` never runs it, so a test run leaves the
 * tracked images as they are; whoever changes the layout regenerates them, looks at them and commits them.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  // One browser at a time: each test walks every view at one size, and the pictures should not wait on a neighbour.
  workers: 1,
  outputDir: 'test-results/docs-images-output',
  reporter: [['list']],
  projects: [{ name: 'docs-images', testMatch: /e2e\/docs\/.*\.spec\.ts$/ }],
});
