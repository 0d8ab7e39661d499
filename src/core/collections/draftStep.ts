/**
 * "Save to collection": a call made into a step whose expectation is what the server actually answered —
 * isError, the content types, and structuredContent (else the JSON text, else the text) equal to the result.
 * Leaves that look volatile (times, dates, UUIDs, long hex or numeric ids) are marked, so the app offers them to
 * ignore with one click; nothing is ignored until the person says so.
 */
import type { CallStep, CollectionCall, CollectionStepDraft } from '../../shared/collections.js';
import type { JsonValue } from '../../shared/json.js';
import { blocksOf, jsonTextOf } from './callAssertions.js';
import { leafPointers, valueAt } from './pointer.js';

const volatilePatterns = [
  /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, // ISO date / time
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^[0-9a-f]{16,}$/i, // long hex: hashes, trace ids
  /^\w{1,4}_[0-9A-Za-z]{12,}$/, // prefixed random ids: req_01H…
];
const volatileKeys =
  /(^|_|-)(time|timestamp|date|at|id|uuid|nonce|requestid|etag|expires?|created|updated)$|At$|Id$/i;

function isVolatile(pointer: string, value: JsonValue): boolean {
  const key = pointer.slice(pointer.lastIndexOf('/') + 1);
  if (typeof value === 'string' && volatilePatterns.some((pattern) => pattern.test(value))) return true;
  // Epoch milliseconds or seconds of this century.
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    ((value > 1e12 && value < 5e12) || (value > 1e9 && value < 5e9))
  )
    return true;
  return volatileKeys.test(key) && (typeof value === 'string' || typeof value === 'number');
}

function uniqueName(tool: string, taken: readonly string[]): string {
  if (!taken.includes(tool)) return tool;
  let index = 2;
  while (taken.includes(`${tool} ${index}`)) index += 1;
  return `${tool} ${index}`;
}

/** `taken`: names already in the collection (the step gets the tool's name, numbered when taken). */
export function draftStep(call: CollectionCall, taken: readonly string[] = []): CollectionStepDraft {
  const { result } = call;
  const blocks = blocksOf('tools/call', result);
  const isError = result.isError === true;
  const step: CallStep = {
    name: uniqueName(call.tool, taken),
    method: 'tools/call',
    tool: call.tool,
    arguments: call.arguments,
    expect: { isError, contentTypes: blocks.map((block) => block.type) },
  };
  const expect = step.expect ?? {};
  let compares: CollectionStepDraft['compares'] = 'none';
  let expected: JsonValue | undefined;
  const jsonText = jsonTextOf(blocks);
  if (result.structuredContent !== undefined) {
    compares = 'structuredContent';
    expected = result.structuredContent;
    expect.structuredContent = { equals: expected };
  } else if ('value' in jsonText) {
    compares = 'jsonText';
    expected = jsonText.value;
    expect.jsonText = { equals: expected };
  } else if (blocks.some((block) => block.text !== undefined)) {
    compares = 'text';
    expect.text = {
      equals: blocks.flatMap((block) => (block.text === undefined ? [] : [block.text])).join('\n'),
    };
  }
  const leaves =
    expected === undefined
      ? []
      : leafPointers(expected)
          .filter((pointer) => pointer !== '')
          .map((pointer) => {
            const value = valueAt(expected, pointer) ?? null;
            return { pointer, value, volatile: isVolatile(pointer, value) };
          });
  return { step, leaves, compares };
}
