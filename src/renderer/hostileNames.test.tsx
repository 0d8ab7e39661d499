/**
 * Server-chosen strings that are also names on Object.prototype: tools, properties, prompt arguments and
 * template variables named `constructor`, `__proto__`, `toString`… render and work like any other name.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallRequest } from '../shared/contract';
import type { JsonObject } from '../shared/json';
import { App } from './App';
import { setApi } from './bridge';
import { resetStore } from './store/store';
import { start } from './store/start';
import { fakeBackend, giveElementsASize, listResult, type FakeBackend } from './testing/fakeBackend';
import { lazyChunksHookMs, loadLazyChunks } from './testing/lazyChunks';

const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

let stop: (() => void) | undefined;

async function boot(backend: FakeBackend) {
  setApi(backend.api);
  render(<App />);
  await act(async () => {
    stop = await start(backend.api);
  });
}

function toolNamed(name: string): JsonObject {
  return {
    name,
    description: `the ${name} tool`,
    inputSchema: {
      type: 'object',
      properties: { [`${name}_text`]: { type: 'string', title: `Text for ${name}` } },
      required: [`${name}_text`],
    },
  };
}

beforeAll(() => giveElementsASize(2000));
beforeAll(() => loadLazyChunks(), lazyChunksHookMs);
beforeEach(() => resetStore());
afterEach(() => {
  stop?.();
  cleanup();
});

describe('names that are Object.prototype names', () => {
  it('lists, filters, opens and calls tools named constructor, __proto__, toString, hasOwnProperty, valueOf', async () => {
    const requests: CallRequest[] = [];
    const backend = fakeBackend({
      lists: { tools: listResult('tools', [...prototypeNames.map(toolNamed), toolNamed('plain')]) },
      callTool: (request) => {
        requests.push(request);
        return Promise.resolve({
          callId: request.callId,
          tool: request.tool,
          arguments: request.arguments,
          result: { content: [{ type: 'text', text: `ran ${request.tool}` }] },
          isError: false,
          rttMs: 1,
        });
      },
    });
    await boot(backend);
    await waitFor(() => expect(screen.getByText('6 tools')).toBeTruthy());
    const listbox = screen.getByRole('listbox', { name: 'Tools' });
    const names = () =>
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.querySelector('.item-name')?.textContent);
    expect(names()).toEqual([...prototypeNames, 'plain']);

    for (const [index, name] of prototypeNames.entries()) {
      fireEvent.click(within(listbox).getAllByRole('option')[index]);
      const detail = screen.getByRole('region', { name: 'Tool detail' });
      expect(within(detail).getByRole('heading', { name })).toBeTruthy();
      expect(within(detail).getByText(`the ${name} tool`)).toBeTruthy();
      // The call panel is loaded lazily: the first one takes a moment.
      const input = await within(detail).findByLabelText<HTMLInputElement>(
        new RegExp(`^Text for ${name}`),
        {},
        { timeout: 10_000 },
      );
      fireEvent.change(input, { target: { value: `value ${index}` } });
      fireEvent.click(within(detail).getByRole('button', { name: `Call ${name}` }));
      expect(await within(detail).findByText(`ran ${name}`)).toBeTruthy();
    }
    expect(requests.map((request) => request.tool)).toEqual(prototypeNames);
    expect(requests.map((request) => request.arguments)).toEqual(
      prototypeNames.map((name, index) => ({ [`${name}_text`]: `value ${index}` })),
    );

    fireEvent.change(screen.getByLabelText('Filter tools'), { target: { value: 'proto' } });
    expect(names()).toEqual(['__proto__']);
  });

  it('renders schema properties with those names as form fields', async () => {
    const properties = Object.fromEntries(
      prototypeNames
        .filter((name) => name !== '__proto__')
        .map((name) => [name, { type: 'string', title: `Field ${name}` }]),
    );
    await boot(
      fakeBackend({
        lists: {
          tools: listResult('tools', [{ name: 'fields', inputSchema: { type: 'object', properties } }]),
        },
      }),
    );
    await waitFor(() => expect(screen.getByText('1 tool')).toBeTruthy());
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Tools' })).getByRole('option'));
    const detail = screen.getByRole('region', { name: 'Tool detail' });
    await within(detail).findByRole('button', { name: 'Call fields' }, { timeout: 10_000 });
    for (const name of Object.keys(properties))
      expect(within(detail).getByLabelText(new RegExp(`^Field ${name}`))).toBeTruthy();
  });

  it('gets a prompt whose name and arguments are prototype names', async () => {
    const backend = fakeBackend({
      lists: {
        prompts: listResult('prompts', [
          { name: 'constructor', arguments: [{ name: 'toString', required: true }, { name: '__proto__' }] },
        ]),
      },
    });
    await boot(backend);
    fireEvent.click(screen.getByRole('tab', { name: 'Prompts' }));
    const listbox = await screen.findByRole('listbox', { name: 'Prompts' });
    fireEvent.click(within(listbox).getByRole('option'));
    const inputs = screen
      .getAllByRole('textbox')
      .filter((input) => input.closest('label')?.textContent?.match(/toString|__proto__/));
    expect(inputs.map((input) => (input as HTMLInputElement).value)).toEqual(['', '']);
    fireEvent.change(inputs[0], { target: { value: 'a' } });
    fireEvent.change(inputs[1], { target: { value: 'b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get prompt' }));
    expect(await screen.findByText(/constructor:\{"toString":"a","__proto__":"b"\}/)).toBeTruthy();
  });

  it('expands a resource template whose variables are prototype names', async () => {
    await boot(
      fakeBackend({
        lists: {
          templates: listResult('templates', [
            { uriTemplate: 'demo://{constructor}/{toString}', name: 'proto' },
          ]),
        },
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Resources' }));
    fireEvent.click(screen.getByRole('radio', { name: /templates/i }));
    const list = await screen.findByRole('listbox', { name: 'Resource templates' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(list).getByRole('option'));
    const uri = await screen.findByLabelText<HTMLInputElement>('Resource URI');
    expect(uri.value).toBe('demo:///');
    fireEvent.change(screen.getByLabelText('Template variable constructor'), { target: { value: 'x' } });
    expect(uri.value).toBe('demo://x/');
    fireEvent.change(screen.getByLabelText('Template variable toString'), { target: { value: 'y' } });
    expect(uri.value).toBe('demo://x/y');
  });
});
