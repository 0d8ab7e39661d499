/**
 * In Chromium through the browser host, against a real paginating server of 10,000 tools in 50 pages: the listing's
 * items reach the page once (issue 44), as the rows streamed while the walk goes on; the walk's answer (listOutline)
 * names them without repeating them, and the page asks for nothing more to show the whole list. Then the filter finds
 * exactly the tools whose names hold what is typed, among the 10,000. What is counted is every WebSocket message the
 * page received, matched to the call it answers; Traffic's frames (their raw text) are Traffic's and not counted.
 */
import { expect, test } from '@playwright/test';
import { startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

let host: HostProcess | undefined;
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

const name = (index: number) => `tool_${String(index).padStart(4, '0')}`;

test('10,000 tools cross the socket once, as streamed rows; the filter then finds the right ones', async ({
  page,
}) => {
  test.setTimeout(120_000);
  host = await startHostProcess([
    process.execPath,
    testServers.paginating,
    '--tools',
    '10000',
    '--page-size',
    '200',
    '--no-control',
  ]);
  const methodOf = new Map<number, string>();
  /** What carried list items: the rows (onListProgress) and the answers to the list calls, by what carried them. */
  const carried: { by: string; text: string }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const call = JSON.parse(String(payload)) as { type?: string; id?: number; method?: string };
      if (call.type === 'call' && typeof call.id === 'number' && call.method)
        methodOf.set(call.id, call.method);
    });
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      const message = JSON.parse(text) as { type?: string; id?: number; event?: string };
      if (message.type === 'event' && message.event === 'onListProgress')
        carried.push({ by: 'onListProgress', text });
      const method = message.type === 'result' ? methodOf.get(message.id ?? -1) : undefined;
      if (method && ['list', 'listMore', 'listOutline', 'listMoreOutline', 'keptLists'].includes(method))
        carried.push({ by: method, text });
    });
  });
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
  const tools = page.getByRole('region', { name: 'Tool list' });
  await expect(tools.locator('.list-count')).toHaveText(/^10,000 tools · 50 pages$/, { timeout: 60_000 });

  // Each tool once, in a streamed row; the tools walk's answer carried none of them, and nothing was fetched again.
  const all = carried.map((entry) => entry.text).join('\n');
  for (const index of [1, 2, 199, 200, 201, 4321, 9999, 10000]) {
    expect(all.split(`"name":"${name(index)}"`).length - 1, name(index)).toBe(1);
  }
  const rowsText = carried
    .filter((entry) => entry.by === 'onListProgress')
    .map((entry) => entry.text)
    .join('\n');
  expect(rowsText.split('"name":"tool_').length - 1).toBe(10_000);
  expect(carried.map((entry) => entry.by).filter((by) => by !== 'onListProgress')).toEqual(
    expect.arrayContaining(['listOutline']),
  );
  expect(carried.some((entry) => ['list', 'keptLists'].includes(entry.by))).toBe(false);

  // The filter over 10,000: "tool_099" is in the names tool_0990 … tool_0999 and in nothing else.
  const rows = tools.getByRole('listbox', { name: 'Tools' }).getByRole('option');
  await page.getByLabel('Filter tools').fill('tool_099');
  await expect(tools.locator('.list-count')).toHaveText(/^10,000 tools · 50 pages · 10 shown$/);
  await expect(rows.locator('.item-name')).toHaveText(
    Array.from({ length: 10 }, (_, index) => name(990 + index)),
  );
  await page.getByLabel('Filter tools').fill('');
  await expect(tools.locator('.list-count')).toHaveText(/^10,000 tools · 50 pages$/);
  await expect(rows.first().locator('.item-name')).toHaveText(name(1));
});
