/**
 * The key flows in the desktop app through Playwright's _electron.launch, where an Electron binary exists
 * (node_modules/electron/dist or ELECTRON_OVERRIDE_DIST_PATH). Elsewhere each test is skipped, saying why.
 */
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronBinary, noElectronReason } from '../electronBinary';
import { repositoryRoot, testServers } from '../hostProcess';
import { connectionForm } from '../pageHelpers';

const binary = electronBinary();

test.describe('desktop app', () => {
  test.skip(!binary, noElectronReason);
  let app: ElectronApplication;
  let page: Page;

  test.beforeEach(async () => {
    app = await electron.launch({ executablePath: binary, args: [repositoryRoot], cwd: repositoryRoot });
    page = await app.firstWindow();
  });
  test.afterEach(async () => {
    await app?.close();
  });

  test('is hardened: isolated, sandboxed, no Node in the page, one frozen window.loupe', async () => {
    const probe = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      loupe: typeof (globalThis as { loupe?: unknown }).loupe,
      frozen: Object.isFrozen((globalThis as { loupe?: unknown }).loupe),
    }));
    expect(probe).toEqual({ require: 'undefined', process: 'undefined', loupe: 'object', frozen: true });
    const preferences = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      const webPreferences = (contents as unknown as { getLastWebPreferences(): Record<string, unknown> }).getLastWebPreferences();
      return { contextIsolation: webPreferences.contextIsolation, sandbox: webPreferences.sandbox, nodeIntegration: webPreferences.nodeIntegration };
    });
    expect(preferences).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    const opened = await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com') === null);
    expect(opened).toBe(true);
  });

  test('connects to the demo server, filters and opens a tool', async () => {
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('long_running');
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first().click();
    await expect(page.getByText('long_running_export').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await expect(page.getByText('tools/list').first()).toBeVisible();
  });

  test('lists a 1,000-tool paginating server and shows a wrong command’s error', async () => {
    let form = await connectionForm(page);
    await form.getByRole('combobox').first().selectOption('stdio');
    await form.getByLabel('Command', { exact: true }).fill('loupe-no-such-command');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    // The dialog closed with the attempt; opened again it holds it.
    form = await connectionForm(page);
    await form.getByLabel('Command', { exact: true }).fill(process.execPath);
    await form.getByLabel('Arguments', { exact: true }).fill(`${testServers.paginating} --tools 1000`);
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('1,002 tools')).toBeVisible({ timeout: 30_000 });
  });
});
