// Every schema of the corpus renders as a form in jsdom without errors or "unsupported" fields, and a valid
// sample instance put into the form comes back out as exactly the same arguments.
import { act, cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../shared/json';
import { normalizeSchema } from '../../shared/schema/normalize';
import { sampleInstance } from '../../../test/forms/sampleInstance';
import { takesNoArguments } from './optionalParts';
import { ArgumentsEditor, type ArgumentsEditorHandle } from './ArgumentsEditor';

const files = import.meta.glob<JsonObject>('../../../test/fixtures/schemas/**/*.json', { eager: true, import: 'default' });
const corpus = Object.entries(files).map(([path, schema]) => ({ name: path.replace(/^.*schemas\//, '').replace(/\.json$/, ''), schema }));

/** Schemas the form cannot follow: the JSON editor takes over and says why in one line. */
const noForm: Record<string, string> = {
  'draft2020/undecidable_if': '"if" tests something the form cannot follow (only constants, enums, types, bounds, patterns and required names)',
};

afterEach(() => cleanup());

describe('form corpus in jsdom', () => {
  it('loads the whole corpus', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
  });

  for (const [name, reason] of Object.entries(noForm)) {
    it(`${name}: shows the JSON editor with the reason, no form`, () => {
      const schema = corpus.find((entry) => entry.name === name)?.schema;
      expect(schema).toBeDefined();
      const handle = createRef<ArgumentsEditorHandle>();
      const { container } = render(<ArgumentsEditor ref={handle} schema={schema} initial={{ tags: ['security'], reviewer: 'ann' }} />);
      expect(container.querySelector('form')).toBeNull();
      expect(container.querySelector('[role="note"]')?.textContent).toBe(`No form for this schema: ${reason}. Edit the arguments as JSON.`);
      expect(handle.current?.current()).toEqual({ tags: ['security'], reviewer: 'ann' });
    });
  }

  for (const { name, schema } of corpus.filter((entry) => !(entry.name in noForm))) {
    it(`${name}: renders and round-trips a sample`, () => {
      const normalized = normalizeSchema(schema);
      if (!normalized.ok) throw new Error(normalized.reason);
      const sample = sampleInstance(normalized.schema) as JsonObject;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const handle = createRef<ArgumentsEditorHandle>();
      let container: HTMLElement | undefined;
      act(() => {
        container = render(<ArgumentsEditor ref={handle} schema={schema} initial={sample} />).container;
      });
      expect(errors.mock.calls).toEqual([]);
      errors.mockRestore();
      expect(container?.textContent ?? '').not.toMatch(/unsupported/i);
      // A schema with no fields takes no arguments: a note in place of the form (and no "+ Add item").
      if (takesNoArguments(schema)) expect(container?.querySelector('.no-arguments')?.textContent).toBe('This tool takes no arguments.');
      else expect(container?.querySelector('form')).not.toBeNull();
      expect(handle.current?.fromForm()).toEqual(sample);
      expect(handle.current?.current()).toEqual(sample);
      const textarea = container?.querySelector<HTMLTextAreaElement>('textarea[aria-label="Arguments JSON"]');
      expect(JSON.parse(textarea?.value ?? 'null')).toEqual(sample);
    });
  }
});
