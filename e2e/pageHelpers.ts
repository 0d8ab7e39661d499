/** Locators and steps the browser specs share: the connect dialog's form, the status pill, the tool list. */
import { expect, type Locator, type Page } from '@playwright/test';

export const connectedPill = (page: Page) => page.getByRole('banner').getByText('Connected', { exact: true });
export const toolList = (page: Page) => page.getByRole('listbox', { name: 'Tools' });

/**
 * The connection form: in the connect dialog, opened with the header's "Connect…" unless it is open already
 * ("+ New session" opens it on the new session). A connection made there replaces the shown session's.
 */
export async function connectionForm(page: Page): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Connection' });
  if (!(await form.isVisible()))
    await page.getByRole('banner').getByRole('button', { name: 'Connect…' }).click();
  await expect(form).toBeVisible();
  return form;
}

/** The connection form's protocol choice: auto (default), modern (2026-07-28) or legacy (2025 and older). */
export type ProtocolOption = 'auto' | 'modern' | 'legacy';

/** Fills the connection form for a stdio server and presses Connect. */
export async function connectStdio(
  page: Page,
  command: string,
  args: string,
  protocol: ProtocolOption = 'auto',
): Promise<void> {
  const form = await connectionForm(page);
  await form.getByRole('combobox').first().selectOption('stdio');
  await form.getByLabel('Command', { exact: true }).fill(command);
  await form.getByLabel('Arguments', { exact: true }).fill(args);
  await form.getByLabel('Protocol', { exact: true }).selectOption(protocol);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Fills the connection form for a Streamable HTTP server and presses Connect. */
export async function connectHttp(page: Page, url: string, protocol: ProtocolOption = 'auto'): Promise<void> {
  const form = await connectionForm(page);
  await form.getByRole('combobox').first().selectOption('http');
  await form.getByLabel('URL', { exact: true }).fill(url);
  await form.getByLabel('Protocol', { exact: true }).selectOption(protocol);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Filters the tool list to a name, opens that tool and returns its call panel. */
export async function openTool(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
  await toolList(page)
    .getByRole('option', { name: new RegExp(`^${name}\\b`) })
    .first()
    .click();
  const panel = page.getByRole('region', { name: `Call ${name}` });
  await expect(panel).toBeVisible();
  return panel;
}

/** The demo tools answer with one text block: the arguments they received, as JSON. */
export async function receivedArguments(page: Page): Promise<unknown> {
  const result = page.getByRole('region', { name: 'Call result' });
  await expect(result).toBeVisible();
  return JSON.parse((await result.locator('pre.text-block').first().textContent()) ?? '') as unknown;
}
