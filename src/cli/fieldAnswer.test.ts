/**
 * One elicitation field at the terminal: the question says what the field takes and its default (choices by their
 * labels), and a typed line becomes the value, nothing, or the reason it is asked again.
 */
import { describe, expect, it } from 'vitest';
import { answerOf, fieldsOf, questionOf, type Field } from './fieldAnswer.js';

const field = (name: string, schema: Field['schema'], required = false): Field => ({
  name,
  schema,
  required,
});

describe('elicitation fields at the terminal', () => {
  it('reads the fields of a requested schema in order, with what is required', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'boolean' }, c: 'not a schema' },
      required: ['b'],
    });
    expect(fields.map((entry) => [entry.name, entry.required])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(fieldsOf(undefined)).toEqual([]);
  });

  it('asks with the title, the name, what it takes and the default', () => {
    expect(
      questionOf(field('age', { type: 'integer', title: 'Age', minimum: 1, maximum: 9, default: 3 })),
    ).toBe('Age [age] (a whole number 1 to 9; default 3): ');
    const hero = field('hero', {
      type: 'string',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: 'Green Lantern' },
      ],
      default: 'hero-2',
    });
    expect(questionOf(hero)).toBe(
      'hero [hero] (one of 1) Superman = hero-1, 2) Green Lantern = hero-2; default Green Lantern): ',
    );
    expect(questionOf(field('mail', { type: 'string', format: 'email' }, true))).toBe(
      'mail [mail] (email; required): ',
    );
  });

  it('takes Enter as the default, leaves an optional field out, and asks again for a required one', () => {
    expect(answerOf(field('n', { type: 'number', default: 3.14 }), '')).toEqual({ value: 3.14 });
    expect(answerOf(field('n', { type: 'number' }), '  ')).toEqual({ omit: true });
    expect(answerOf(field('n', { type: 'string' }, true), '')).toEqual({ problem: 'an answer is required' });
  });

  it('checks numbers, booleans, lengths and formats', () => {
    const integer = field('i', { type: 'integer', minimum: 1, maximum: 100 });
    expect(answerOf(integer, '7')).toEqual({ value: 7 });
    expect(answerOf(integer, '7.5')).toEqual({ problem: 'not a whole number' });
    expect(answerOf(integer, '500')).toEqual({ problem: 'more than the maximum 100' });
    expect(answerOf(integer, 'seven')).toEqual({ problem: 'not a number' });
    expect(answerOf(field('b', { type: 'boolean' }), 'Yes')).toEqual({ value: true });
    expect(answerOf(field('b', { type: 'boolean' }), 'maybe')).toEqual({ problem: 'answer yes or no' });
    expect(answerOf(field('s', { type: 'string', maxLength: 3 }), 'abcd')).toEqual({
      problem: 'longer than 3 characters',
    });
    expect(answerOf(field('e', { type: 'string', format: 'email' }), 'ada@example.com')).toEqual({
      value: 'ada@example.com',
    });
    expect(answerOf(field('e', { type: 'string', format: 'email' }), 'ada')).toEqual({
      problem: 'not an email address',
    });
    expect(answerOf(field('d', { type: 'string', format: 'date' }), '2026-02-30x')).toEqual({
      problem: 'not a date (YYYY-MM-DD)',
    });
    expect(answerOf(field('u', { type: 'string', format: 'uri' }), 'https://example.com/')).toEqual({
      value: 'https://example.com/',
    });
  });

  it('takes a choice by number, value or label, and several comma-separated within the bounds', () => {
    const pet = field('pet', { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] });
    expect(answerOf(pet, '2')).toEqual({ value: 'pet-2' });
    expect(answerOf(pet, 'dogs')).toEqual({ value: 'pet-2' });
    expect(answerOf(pet, 'pet-1')).toEqual({ value: 'pet-1' });
    expect(answerOf(pet, 'Fish')).toEqual({
      problem: 'not one of the choices: 1) Cats = pet-1, 2) Dogs = pet-2',
    });
    const instruments = field('many', {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['Guitar', 'Piano', 'Bass'] },
    });
    expect(answerOf(instruments, 'piano, 3, Piano')).toEqual({ value: ['Piano', 'Bass'] });
    expect(answerOf(instruments, '1,2,3')).toEqual({ problem: 'choose at most 2' });
    expect(answerOf(instruments, 'Drums')).toEqual({
      problem: '“Drums” is not one of the choices: 1) Guitar, 2) Piano, 3) Bass',
    });
  });
});
