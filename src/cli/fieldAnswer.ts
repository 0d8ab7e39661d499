/**
 * One field of an elicitation form at the terminal: the question to ask for a property of the requested schema
 * (MCP's restricted JSON Schema: string with min/max length and format, number, integer with bounds, boolean,
 * single-select enums untitled / titled (oneOf const+title) / legacy (enumNames), multi-select arrays of those),
 * and what a typed line means for it. Enter keeps the default; a required field without one asks again.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../shared/json.js';

export interface Field {
  name: string;
  schema: JsonObject;
  required: boolean;
}

/** What a typed line gave: a value, nothing (leave the field out), or why it cannot be taken (ask again). */
export type FieldAnswer = { value: JsonValue } | { omit: true } | { problem: string };

interface Choice {
  value: string;
  label: string;
}

/** The fields of a requested schema, in its order. */
export function fieldsOf(requestedSchema: JsonValue | undefined): Field[] {
  if (!isJsonObject(requestedSchema) || !isJsonObject(requestedSchema.properties)) return [];
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required : [];
  return Object.entries(requestedSchema.properties).flatMap(([name, schema]) =>
    isJsonObject(schema) ? [{ name, schema, required: required.includes(name) }] : [],
  );
}

/** The choices of a single-select schema (or of a multi-select's items), when it has any. */
function choicesOf(schema: JsonObject): Choice[] | undefined {
  const titled = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (titled) {
    return titled.flatMap((option) =>
      isJsonObject(option) && typeof option.const === 'string'
        ? [{ value: option.const, label: typeof option.title === 'string' ? option.title : option.const }]
        : [],
    );
  }
  if (!Array.isArray(schema.enum)) return undefined;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return schema.enum.flatMap((value, index) => {
    if (typeof value !== 'string') return [];
    const name = names[index];
    return [{ value, label: typeof name === 'string' ? name : value }];
  });
}

function itemsOf(schema: JsonObject): JsonObject | undefined {
  return schema.type === 'array' && isJsonObject(schema.items) ? schema.items : undefined;
}

function listed(choices: Choice[]): string {
  return choices
    .map((choice, index) =>
      choice.label === choice.value
        ? `${index + 1}) ${choice.value}`
        : `${index + 1}) ${choice.label} = ${choice.value}`,
    )
    .join(', ');
}

/** A default as the person sees the choices: by label where it names one. */
function labelled(value: JsonValue, choices: Choice[] | undefined): JsonValue {
  if (!choices) return value;
  const label = (item: JsonValue): JsonValue =>
    choices.find((choice) => choice.value === item)?.label ?? item;
  return Array.isArray(value) ? value.map(label) : label(value);
}

function shown(value: JsonValue | undefined): string {
  if (Array.isArray(value)) return value.map((item) => shown(item)).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The question for a field: its title and name, what it takes, and its default (the text is the server's). */
export function questionOf(field: Field): string {
  const { schema } = field;
  const title = typeof schema.title === 'string' ? schema.title : field.name;
  const hints: string[] = [];
  const items = itemsOf(schema);
  const choices = choicesOf(items ?? schema);
  if (items && choices) hints.push(`one or more of ${listed(choices)}, comma-separated`);
  else if (choices) hints.push(`one of ${listed(choices)}`);
  else if (schema.type === 'boolean') hints.push('yes or no');
  else if (schema.type === 'integer' || schema.type === 'number') {
    const low = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const high = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    const range =
      low !== undefined && high !== undefined
        ? ` ${low} to ${high}`
        : low !== undefined
          ? ` ≥ ${low}`
          : high !== undefined
            ? ` ≤ ${high}`
            : '';
    hints.push(`${schema.type === 'integer' ? 'a whole number' : 'a number'}${range}`);
  } else if (typeof schema.format === 'string') hints.push(schema.format);
  if (field.required) hints.push('required');
  if (schema.default !== undefined) hints.push(`default ${shown(labelled(schema.default, choices))}`);
  return `${title} [${field.name}]${hints.length > 0 ? ` (${hints.join('; ')})` : ''}: `;
}

/** What the typed line means for the field. */
export function answerOf(field: Field, typed: string): FieldAnswer {
  const text = typed.trim();
  const { schema } = field;
  if (text === '') {
    if (schema.default !== undefined) return { value: schema.default };
    return field.required ? { problem: 'an answer is required' } : { omit: true };
  }
  const items = itemsOf(schema);
  if (items) return manyOf(schema, items, text);
  const choices = choicesOf(schema);
  if (choices) {
    const picked = pick(choices, text);
    return picked === undefined
      ? { problem: `not one of the choices: ${listed(choices)}` }
      : { value: picked };
  }
  switch (schema.type) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) return { value: true };
      if (/^(n|no|false)$/i.test(text)) return { value: false };
      return { problem: 'answer yes or no' };
    case 'integer':
    case 'number':
      return numberOf(schema, text);
    default:
      return stringOf(schema, text);
  }
}

/** A choice by its number, its value, or its label (case does not matter). */
function pick(choices: Choice[], text: string): string | undefined {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  if (index >= 0 && index < choices.length) return choices[index]?.value;
  const lower = text.toLowerCase();
  return (
    choices.find((choice) => choice.value === text)?.value ??
    choices.find((choice) => choice.value.toLowerCase() === lower || choice.label.toLowerCase() === lower)
      ?.value
  );
}

function manyOf(schema: JsonObject, items: JsonObject, text: string): FieldAnswer {
  const choices = choicesOf(items);
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const values: string[] = [];
  for (const part of parts) {
    const value = choices ? pick(choices, part) : part;
    if (value === undefined)
      return { problem: `“${part}” is not one of the choices: ${listed(choices ?? [])}` };
    if (!values.includes(value)) values.push(value);
  }
  if (typeof schema.minItems === 'number' && values.length < schema.minItems)
    return { problem: `choose at least ${schema.minItems}` };
  if (typeof schema.maxItems === 'number' && values.length > schema.maxItems)
    return { problem: `choose at most ${schema.maxItems}` };
  return { value: values };
}

function numberOf(schema: JsonObject, text: string): FieldAnswer {
  const value = Number(text);
  if (!Number.isFinite(value)) return { problem: 'not a number' };
  if (schema.type === 'integer' && !Number.isInteger(value)) return { problem: 'not a whole number' };
  if (typeof schema.minimum === 'number' && value < schema.minimum)
    return { problem: `less than the minimum ${schema.minimum}` };
  if (typeof schema.maximum === 'number' && value > schema.maximum)
    return { problem: `more than the maximum ${schema.maximum}` };
  return { value };
}

function stringOf(schema: JsonObject, text: string): FieldAnswer {
  const length = [...text].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength)
    return { problem: `shorter than ${schema.minLength} characters` };
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    return { problem: `longer than ${schema.maxLength} characters` };
  const problem = typeof schema.format === 'string' ? formatProblem(schema.format, text.trim()) : undefined;
  return problem ? { problem } : { value: text };
}

function formatProblem(format: string, text: string): string | undefined {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? undefined : 'not an email address';
    case 'uri':
      return URL.canParse(text) ? undefined : 'not a URI (e.g. https://example.com/)';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
        ? undefined
        : 'not a date (YYYY-MM-DD)';
    case 'date-time':
      return Number.isNaN(Date.parse(text)) ? 'not a date and time (e.g. 2026-07-28T12:00:00Z)' : undefined;
    default:
      return undefined;
  }
}
