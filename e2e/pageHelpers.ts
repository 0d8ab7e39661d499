/** Locators and steps the browser specs share: the connection form, the status pill, the tool list. */
import type { Page } from '@playwright/test';

export const connectedPill = (page: Page) => page.getByRole('banner').getByText('Connected', { exact: true });
export const toolList = (page: Page) => page.getByRole('listbox', { name: 'Tools' });

/** Fills the connection form for a stdio server and presses Connect. */
export async function connectStdio(page: Page, command: string, args: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByRole('combobox').first().selectOption('stdio');
  await form.getByLabel('Command', { exact: true }).fill(command);
  await form.getByLabel('Arguments', { exact: true }).fill(args);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
}
