/** Locators and steps the browser specs share: the connection form, the status pill, the tool list. */
import type { Page } from '@playwright/test';

export const connectedPill = (page: Page) => page.getByRole('banner').getByText('Connected', { exact: true });
export const toolList = (page: Page) => page.getByRole('listbox', { name: 'Tools' });

/** The connection form's protocol choice: auto (default), modern (2026-07-28) or legacy (2025 and older). */
export type ProtocolOption = 'auto' | 'modern' | 'legacy';

/** Fills the connection form for a stdio server and presses Connect. */
export async function connectStdio(
  page: Page,
  command: string,
  args: string,
  protocol: ProtocolOption = 'auto',
): Promise<void> {
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByRole('combobox').first().selectOption('stdio');
  await form.getByLabel('Command', { exact: true }).fill(command);
  await form.getByLabel('Arguments', { exact: true }).fill(args);
  await form.getByLabel('Protocol', { exact: true }).selectOption(protocol);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Fills the connection form for a Streamable HTTP server and presses Connect. */
export async function connectHttp(page: Page, url: string, protocol: ProtocolOption = 'auto'): Promise<void> {
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByRole('combobox').first().selectOption('http');
  await form.getByLabel('URL', { exact: true }).fill(url);
  await form.getByLabel('Protocol', { exact: true }).selectOption(protocol);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
}
