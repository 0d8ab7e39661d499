// JSON Schema 2020-12 in the arguments form: conditional fields follow the value as the user edits, a field of a
// branch that stopped applying is not sent, dependentRequired marks its fields required, and the check before
// sending uses 2020-12 rules (a $ref's sibling keywords count).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json';
import payment from '../../../test/fixtures/schemas/draft2020/payment_if_then_else.json';
import billing from '../../../test/fixtures/schemas/draft2020/billing_dependent_required.json';
import siblings from '../../../test/fixtures/schemas/draft2020/ref_siblings.json';
import { ArgumentsEditor, type ArgumentsEditorHandle } from './ArgumentsEditor';

afterEach(() => cleanup());

function setup(schema: JsonObject, initial: JsonObject) {
  const handle = createRef<ArgumentsEditorHandle>();
  const view = render(<ArgumentsEditor ref={handle} schema={schema} initial={initial} />);
  return { handle, view };
}

function input(container: HTMLElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  return container.querySelector<HTMLInputElement | HTMLSelectElement>(`#arguments_${name}`);
}

describe('ArgumentsEditor with 2020-12 schemas', () => {
  it('draws the fields of the if/then/else branch that applies, and follows a change of the tested field', () => {
    const { handle, view } = setup(payment, { amount: 12.5, method: 'bank_transfer', iban: 'NL91ABNA0417164300' });
    expect(input(view.container, 'iban')?.value).toBe('NL91ABNA0417164300');
    expect(input(view.container, 'paypalEmail')).toBeNull();
    expect(handle.current?.fromForm()).toEqual({ amount: 12.5, method: 'bank_transfer', iban: 'NL91ABNA0417164300' });

    const method = input(view.container, 'method') as HTMLSelectElement;
    fireEvent.change(method, { target: { value: [...method.options].find((option) => option.textContent === 'paypal')?.value } });
    expect(input(view.container, 'iban')).toBeNull();
    const email = input(view.container, 'paypalEmail') as HTMLInputElement;
    expect(email).not.toBeNull();
    fireEvent.change(email, { target: { value: 'ann@example.com' } });
    // The IBAN of the branch that no longer applies is not sent.
    expect(handle.current?.current()).toEqual({ amount: 12.5, method: 'paypal', paypalEmail: 'ann@example.com' });
    expect(handle.current?.check()).toEqual({ ok: true, arguments: { amount: 12.5, method: 'paypal', paypalEmail: 'ann@example.com' } });
  });

  it('refuses to send what the branch requires but the user left out, naming the field', () => {
    const { handle } = setup(payment, { amount: 3, method: 'card', cardNumber: '4111111111111111' });
    const check = handle.current?.check();
    expect(check).toEqual({ ok: false, errors: ["(root) must have required property 'expiry'"] });
  });

  it('marks dependentRequired fields required once their trigger is filled', () => {
    const { handle, view } = setup(billing, { name: 'Ann' });
    expect(view.container.querySelector('label[for="arguments_billingAddress"]')?.textContent).toBe('billingAddress');
    fireEvent.change(input(view.container, 'creditCard') as HTMLInputElement, { target: { value: '4111111111111111' } });
    expect(view.container.querySelector('label[for="arguments_billingAddress"]')?.textContent).toBe('billingAddress*');
    const check = handle.current?.check();
    expect(check?.ok).toBe(false);
    expect(check?.ok === false && check.errors).toEqual([
      '(root) instance has "creditCard" but does not have "billingAddress"',
      '(root) instance has "creditCard" but does not have "billingPostcode"',
    ]);
  });

  it('applies the keywords next to a $ref when checking (2020-12 rules without a $schema too)', () => {
    const { $schema: _named, ...unnamed } = siblings as JsonObject;
    for (const schema of [siblings as JsonObject, unnamed]) {
      const { handle } = setup(schema, { tag: 'x'.repeat(21), owner: { name: 'Ann' } });
      const check = handle.current?.check();
      expect(check?.ok === false && check.errors).toEqual(['/tag string is too long (21 > 20)', "/owner must have required property 'email'"]);
      cleanup();
    }
    expect(screen.queryByLabelText('Arguments JSON')).toBeNull();
  });
});

/** Malformed 2020-12 keywords a hostile server may send; each must give a form or the JSON editor, never a crash. */
const hostile: [string, JsonObject][] = [
  ['an $id that is no URI', { $id: 'http://[::1', type: 'object', properties: { a: { $ref: '#/properties/b' }, b: { type: 'string' } } }],
  ['an $anchor that is a number', { type: 'object', $defs: { x: { $anchor: 5 } }, properties: { a: { $ref: '#5' } } }],
  ['a $ref to a false schema', { type: 'object', $defs: { never: false }, properties: { a: { $ref: '#/$defs/never' } } }],
  ['a malformed percent escape in a $ref', { type: 'object', properties: { a: { $ref: '#/$defs/%E0%A4%A' } } }],
  ['prefixItems that is not a list', { type: 'object', properties: { a: { type: 'array', prefixItems: 'x' } } }],
  ['if that is a number', { type: 'object', properties: { a: { type: 'string' } }, if: 5, then: { required: ['a'] } }],
  ['then without if, else false', { type: 'object', properties: { a: { type: 'string' } }, then: { required: ['a'] }, else: false }],
  ['dependentSchemas that are strings', { type: 'object', properties: { a: { type: 'string' } }, dependentSchemas: { a: 'b' }, dependentRequired: { a: 'b' } }],
  ['a duplicate $id', { type: 'object', $defs: { x: { $id: 'same', type: 'string' }, y: { $id: 'same', type: 'number' } }, properties: { a: { $ref: 'same' } } }],
  ['a then-branch that is false', { type: 'object', properties: { a: { const: 'x' } }, if: { properties: { a: { const: 'x' } } }, then: false }],
  ['a $dynamicRef', { type: 'object', $defs: { n: { $dynamicAnchor: 'n', type: 'string' } }, properties: { a: { $dynamicRef: '#n' } } }],
];

/** What each gives: a form or not, and whether `{ a: "x" }` may be sent (checked against the original schema). */
const outcome: Record<string, { drawn: boolean; sendable: boolean }> = {
  'an $id that is no URI': { drawn: true, sendable: true },
  'an $anchor that is a number': { drawn: true, sendable: true },
  'a $ref to a false schema': { drawn: true, sendable: false },
  'a malformed percent escape in a $ref': { drawn: true, sendable: true },
  'prefixItems that is not a list': { drawn: true, sendable: false },
  'if that is a number': { drawn: false, sendable: true },
  'then without if, else false': { drawn: true, sendable: true },
  'dependentSchemas that are strings': { drawn: true, sendable: false },
  'a duplicate $id': { drawn: true, sendable: true },
  'a then-branch that is false': { drawn: true, sendable: false },
  'a $dynamicRef': { drawn: true, sendable: true },
};

describe('hostile 2020-12 schemas', () => {
  for (const [name, schema] of hostile) {
    it(`${name}: a form or the JSON editor, no crash`, () => {
      const handle = createRef<ArgumentsEditorHandle>();
      const view = render(<ArgumentsEditor ref={handle} schema={schema} initial={{ a: 'x' }} />);
      const drawn = view.container.querySelector('form') !== null;
      const note = view.container.querySelector('[role="note"]');
      expect(drawn || note !== null).toBe(true);
      expect(handle.current?.current()).toEqual({ a: 'x' });
      const check = handle.current?.check();
      expect({ drawn, sendable: check?.ok }).toEqual(outcome[name]);
    });
  }
});
