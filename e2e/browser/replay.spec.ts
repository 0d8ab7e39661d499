/**
 * Replay in Chromium through the browser host: a session with server-everything recorded by `loupe snapshot --calls`
 * is opened as a snapshot, served ("Serve it": the URL and the stdio command), a session is opened on the replay,
 * and the recorded call is called again: the answer is the recorded one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill, openTool, toolList } from '../pageHelpers';

const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const directory = mkdtempSync(join(tmpdir(), 'loupe-e2e-replay-'));
const recording = join(directory, 'everything.json');

test.beforeAll(() => {
  const calls = join(directory, 'calls.json');
  writeFileSync(
    calls,
    JSON.stringify([
      { method: 'tools/call', params: { name: 'echo', arguments: { message: 'recorded in the terminal' } } },
    ]),
  );
  execFileSync(
    process.execPath,
    [
      join(repositoryRoot, 'bin', 'loupe.js'),
      'snapshot',
      '--out',
      recording,
      '--calls',
      calls,
      '--',
      process.execPath,
      everything,
      'stdio',
    ],
    {
      cwd: repositoryRoot,
      stdio: 'ignore',
    },
  );
});

test.describe('Replay', () => {
  let host: HostProcess;
  test.beforeEach(async ({ page }) => {
    host = await startHostProcess();
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('open a snapshot, Serve it, open a session on it, call the recorded call', async ({
    page,
  }, testInfo) => {
    await page.getByTestId('snapshot-file').setInputFiles(recording);
    const card = page.getByTestId('snapshot-session');
    await expect(card).toContainText('Recorded snapshot — offline');
    const replay = card.getByRole('region', { name: 'Replay' });
    await replay.getByRole('button', { name: 'Serve it' }).click();
    await expect(replay).toContainText(
      'Serving mcp-servers/everything as recorded (1 recorded call, 2025 era).',
    );
    const url = replay.getByTestId('replay-url');
    await expect(url).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const command = (await replay.getByTestId('replay-command').textContent()) ?? '';
    expect(command).toMatch(/^loupe replay \S+\.json$/);
    // The command names a copy of the recording: the same frames as the file opened.
    const copy = JSON.parse(readFileSync(command.slice('loupe replay '.length), 'utf8')) as {
      frames: { raw: string }[];
    };
    const original = JSON.parse(readFileSync(recording, 'utf8')) as { frames: { raw: string }[] };
    expect(copy.frames.map((frame) => frame.raw)).toEqual(original.frames.map((frame) => frame.raw));
    await page.screenshot({ path: testInfo.outputPath('replay-serving.png') });

    const served = (await url.textContent()) ?? '';
    await replay.getByRole('button', { name: 'Open a session on it' }).click();
    await expect(connectedPill(page)).toBeVisible();
    // The new session says in the side bar what it is: the replay's address, the recording's era, a replay.
    await expect(page.getByRole('complementary', { name: 'Connections' })).toContainText(
      `${new URL(served).host}/mcp · 2025 era · replay`,
    );
    await expect(toolList(page).getByRole('option', { name: /^echo\b/ })).toBeVisible();

    const panel = await openTool(page, 'echo');
    await panel.locator('input[id$="_message"]').fill('recorded in the terminal');
    await panel.getByRole('button', { name: 'Call echo' }).click();
    await expect(page.getByRole('region', { name: 'Call result' })).toContainText(
      'Echo: recorded in the terminal',
    );

    // A call that was not recorded: the replay's error names the nearest recorded one.
    await panel.locator('input[id$="_message"]').fill('never recorded');
    await panel.getByRole('button', { name: 'Call echo' }).click();
    await expect(
      page.getByText(/nearest recorded: tools\/call "echo" \{"message":"recorded in the terminal"\}/).first(),
    ).toBeVisible();
    // The recorded list_changed came once, with the first listing; the re-listing it caused announced none (a
    // replay whose state never changes re-announcing a change had the view re-listing forever).
    await expect(page.getByRole('tab', { name: /^Compare/ })).toHaveText(/^Compare\s*1$/);
    await page.screenshot({ path: testInfo.outputPath('replay-session.png') });
  });
});
