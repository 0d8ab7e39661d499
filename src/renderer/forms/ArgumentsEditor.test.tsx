import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../shared/json';
import { ArgumentsEditor, type ArgumentsEditorHandle } from './ArgumentsEditor';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const schema: JsonObject = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    note: { type: 'string', title: 'Note' },
    count: { type: 'integer', title: 'Count' },
    tags: { type: 'array', items: { type: 'string' }, title: 'Tags' },
    limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], title: 'Limit' },
    mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast', title: 'Mode' },
    chip: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Chip' },
  },
  required: ['name'],
};

function setup(initial?: JsonObject) {
  const handle = createRef<ArgumentsEditorHandle>();
  const seen: JsonObject[] = [];
  const view = render(
    <ArgumentsEditor
      ref={handle}
      schema={schema}
      initial={initial}
      onArguments={(args) => seen.push(args)}
    />,
  );
  const json = screen.getByLabelText<HTMLTextAreaElement>('Arguments JSON');
  return { handle, seen, view, json };
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));
}

describe('ArgumentsEditor', () => {
  it('starts with only the explicit defaults (a Pydantic default null is not pre-filled)', () => {
    const { handle, json } = setup();
    expect(handle.current?.current()).toEqual({ mode: 'fast' });
    expect(screen.getByLabelText<HTMLInputElement>('Chip is null').checked).toBe(false);
    expect(JSON.parse(json.value)).toEqual({ mode: 'fast' });
  });

  it('never alters what is typed into the JSON editor, one character at a time', () => {
    const { json, handle } = setup();
    const typed = '{"name":"a \\"q\\" \\\\ \\u00e9\\t","tags":[ "x" ,"y"],\n  "count": 1e1, "extra":{}}';
    let value = '';
    for (const character of typed) {
      value += character;
      fireEvent.focus(json);
      fireEvent.change(json, { target: { value } });
      expect(json.value).toBe(value);
    }
    // Parsed once complete and sent exactly as typed (not pruned, not reformatted).
    expect(handle.current?.current()).toEqual({
      name: 'a "q" \\ é\t',
      tags: ['x', 'y'],
      count: 10,
      extra: {},
    });
    expect(json.value).toBe(typed);
    // And applied to the form.
    expect(field('Name').value).toBe('a "q" \\ é\t');
  });

  it('keeps the last valid arguments while the JSON does not parse, and says so', () => {
    const { json, handle } = setup();
    fireEvent.focus(json);
    fireEvent.change(json, { target: { value: '{"name":"ok"}' } });
    fireEvent.change(json, { target: { value: '{"name":"ok",' } });
    expect(handle.current?.current()).toEqual({ name: 'ok' });
    expect(screen.getByRole('alert').textContent).toMatch(/Not valid JSON yet/);
    let check: ReturnType<ArgumentsEditorHandle['check']> | undefined;
    act(() => {
      check = handle.current?.check();
    });
    expect(check?.ok).toBe(false);
  });

  it('mirrors form edits into the JSON text and omits optional fields left empty', () => {
    const { json, handle } = setup();
    fireEvent.focus(field('Name'));
    fireEvent.change(field('Name'), { target: { value: 'alpha' } });
    fireEvent.change(field('Note'), { target: { value: 'temporary' } });
    expect(handle.current?.current()).toEqual({ name: 'alpha', note: 'temporary', mode: 'fast' });
    fireEvent.change(field('Note'), { target: { value: '' } });
    expect(handle.current?.current()).toEqual({ name: 'alpha', mode: 'fast' });
    expect(JSON.parse(json.value)).toEqual({ name: 'alpha', mode: 'fast' });
    expect(json.value).toBe(JSON.stringify({ name: 'alpha', mode: 'fast' }, null, 2));
  });

  it('sends null only when the user switches a nullable field to null', () => {
    const { handle } = setup({ name: 'n' });
    expect(handle.current?.current()).toEqual({ name: 'n', mode: 'fast' });
    const nullSwitch = screen.getByLabelText('Limit is null');
    fireEvent.click(nullSwitch);
    expect(handle.current?.current()).toEqual({ name: 'n', mode: 'fast', limit: null });
    fireEvent.click(nullSwitch);
    expect(handle.current?.current()).toEqual({ name: 'n', mode: 'fast' });
  });

  it('shows validation errors on the fields before anything is sent, and logs nothing to the console', () => {
    const logged = vi.spyOn(console, 'error');
    const { handle, view } = setup();
    let check: ReturnType<ArgumentsEditorHandle['check']> | undefined;
    act(() => {
      check = handle.current?.check();
    });
    expect(check).toEqual({ ok: false, errors: ["(root) must have required property 'name'"] });
    expect(view.container.querySelector('.arguments-form')?.textContent).toMatch(
      /must have required property 'Name'/,
    );
    // The errors are shown on the fields: the form library's own "Form validation failed" log is not wanted.
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([]);
  });

  it('accepts valid arguments', () => {
    const { handle } = setup({ name: 'n', count: 3 });
    let check: ReturnType<ArgumentsEditorHandle['check']> | undefined;
    act(() => {
      check = handle.current?.check();
    });
    expect(check).toEqual({ ok: true, arguments: { name: 'n', count: 3, mode: 'fast' } });
  });

  it('hands over to the JSON editor with a note when the schema cannot be a form', () => {
    const handle = createRef<ArgumentsEditorHandle>();
    const view = render(<ArgumentsEditor ref={handle} schema={{ type: 'string' }} />);
    expect(view.container.querySelector('form')).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(
      'No form for this schema: the input schema is of type "string", not object. Edit the arguments as JSON.',
    );
    const json = screen.getByLabelText<HTMLTextAreaElement>('Arguments JSON');
    fireEvent.change(json, { target: { value: '{"x": 1}' } });
    expect(handle.current?.current()).toEqual({ x: 1 });
  });

  it('loads earlier arguments for a re-run', () => {
    const { handle, json } = setup();
    act(() => handle.current?.load({ name: 'again', tags: ['t'] }));
    expect(handle.current?.current()).toEqual({ name: 'again', tags: ['t'] });
    expect(field('Name').value).toBe('again');
    expect(JSON.parse(json.value)).toEqual({ name: 'again', tags: ['t'] });
  });
});

describe('optional parts, untouched forms, no-argument tools', () => {
  const address: JsonObject = {
    type: 'object',
    properties: {
      street: { type: 'string', title: 'Street' },
      country: { type: 'string', enum: ['NL', 'DE'], default: 'NL', title: 'Country' },
    },
    required: ['street'],
  };
  const customer: JsonObject = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      billing: { ...address, title: 'billing' },
      shipping: { ...address, title: 'shipping' },
      tags: { type: 'array', items: { type: 'string' }, title: 'tags' },
    },
    required: ['name', 'billing'],
  };

  function check(handle: React.RefObject<ArgumentsEditorHandle | null>) {
    let result: ReturnType<ArgumentsEditorHandle['check']> | undefined;
    act(() => {
      result = handle.current?.check();
    });
    return result;
  }

  it('leaves an optional object and an optional array out until added, and removes them again', () => {
    const handle = createRef<ArgumentsEditorHandle>();
    const view = render(<ArgumentsEditor ref={handle} schema={customer} />);
    // The required object is there with its default; the optional object and array are not.
    expect(handle.current?.current()).toEqual({ billing: { country: 'NL' } });
    expect(screen.getByRole('button', { name: '+ Add shipping' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Add tags' })).toBeTruthy();
    expect(view.container.querySelectorAll('input[id*="shipping"]').length).toBe(0);
    fireEvent.change(field('Name'), { target: { value: 'Ada' } });
    fireEvent.change(
      view.container.querySelector<HTMLInputElement>('input[id$="billing_street"]') as HTMLInputElement,
      { target: { value: 'Main 1' } },
    );
    // Only the required fields filled: the call may go.
    expect(check(handle)).toEqual({
      ok: true,
      arguments: { name: 'Ada', billing: { street: 'Main 1', country: 'NL' } },
    });

    // Added: it starts with its own defaults, and its own required fields now count.
    fireEvent.click(screen.getByRole('button', { name: '+ Add shipping' }));
    expect(handle.current?.current()).toEqual({
      name: 'Ada',
      billing: { street: 'Main 1', country: 'NL' },
      shipping: { country: 'NL' },
    });
    expect(check(handle)).toEqual({ ok: false, errors: ["/shipping must have required property 'street'"] });
    // Removed again: gone from the arguments, and the call may go.
    fireEvent.click(screen.getByRole('button', { name: 'Remove shipping' }));
    expect(handle.current?.current()).toEqual({ name: 'Ada', billing: { street: 'Main 1', country: 'NL' } });
    expect(screen.getByRole('button', { name: '+ Add shipping' })).toBeTruthy();
    expect(check(handle)?.ok).toBe(true);

    // The optional array: added, given an item, removed.
    fireEvent.click(screen.getByRole('button', { name: '+ Add tags' }));
    expect(screen.getByRole('button', { name: 'Remove tags' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Add tags' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tags' }));
    expect(screen.getByRole('button', { name: '+ Add tags' })).toBeTruthy();
  });

  it('shows no schema errors before the user edits or presses Call', () => {
    const handle = createRef<ArgumentsEditorHandle>();
    const view = render(<ArgumentsEditor ref={handle} schema={customer} />);
    expect(view.container.querySelector('.schema-errors')).toBeNull();
    fireEvent.change(field('Name'), { target: { value: 'Ada' } });
    expect(view.container.querySelector('.schema-errors')?.textContent).toBe(
      "/billing must have required property 'street'",
    );
  });

  it('says a tool without fields takes no arguments, with no add button', () => {
    const handle = createRef<ArgumentsEditorHandle>();
    const view = render(<ArgumentsEditor ref={handle} schema={{ type: 'object' }} />);
    expect(screen.getByRole('note').textContent).toBe('This tool takes no arguments.');
    expect(view.container.querySelectorAll('button').length).toBe(0);
    expect(check(handle)).toEqual({ ok: true, arguments: {} });
  });
});
