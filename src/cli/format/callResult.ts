/**
 * `loupe call` output, split so that `loupe call … | jq .` works for every tool: stdout carries the result alone —
 * the structuredContent as JSON when the result has one, else the text content as sent — and everything else goes
 * to stderr: the other content blocks (images, resources, links; text blocks beside a structuredContent as one
 * line each), the outputSchema validation, "no content". `--json` (not here) prints the whole result.
 */
import type { JsonObject, JsonValue } from '../../shared/json.js';
import { isJsonObject, stringField } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import { jsonEqual } from '../../core/diff/jsonEqual.js';
import { formatCount, plural, printable, terminalJson } from '../terminal.js';

export interface CallOutput {
  stdout: string[];
  stderr: string[];
}

/** Multi-line server text, each line made safe for a terminal; the text's own final newline is not doubled. */
function safeText(text: string): string[] {
  return text
    .replace(/\r?\n$/, '')
    .split(/\r?\n/)
    .map((line) => printable(line));
}

function base64Bytes(data: string | undefined): number {
  return data === undefined ? 0 : Buffer.from(data, 'base64').length;
}

/** A block that is not text, as lines: a one-line summary, and an embedded resource's text after it. */
function blockLines(block: JsonObject): string[] {
  const type = stringField(block, 'type') ?? '(no type)';
  switch (type) {
    case 'image':
    case 'audio':
      return [
        `[${type} ${printable(stringField(block, 'mimeType') ?? 'unknown type')}, ${formatCount(base64Bytes(stringField(block, 'data')))} bytes]`,
      ];
    case 'resource_link':
      return [
        `[resource link ${printable(stringField(block, 'uri') ?? '?')}${typeof block.name === 'string' ? ` "${printable(block.name)}"` : ''}]`,
      ];
    case 'resource': {
      const resource = isJsonObject(block.resource) ? block.resource : {};
      const uri = printable(stringField(resource, 'uri') ?? '?');
      const text = stringField(resource, 'text');
      if (text !== undefined) return [`[resource ${uri}]`, ...safeText(text)];
      return [`[resource ${uri}, ${formatCount(base64Bytes(stringField(resource, 'blob')))} bytes]`];
    }
    default:
      return [`[${printable(type)} block] ${printable(terminalJson(block))}`];
  }
}

/** Whether a text block only repeats the structuredContent (the spec's advice: send it as JSON text too). */
function repeatsStructured(text: string, structured: JsonValue): boolean {
  try {
    return jsonEqual(JSON.parse(text) as JsonValue, structured);
  } catch {
    return false;
  }
}

function validationLines(outcome: CallOutcome): string[] {
  const validation = outcome.structuredValidation;
  if (!validation) return [];
  if (validation.valid) return ['loupe: structuredContent is valid against the outputSchema'];
  if ('missing' in validation)
    return ['loupe: structuredContent is MISSING: the tool declares an outputSchema'];
  return [
    'loupe: structuredContent is INVALID against the outputSchema:',
    ...validation.errors.map((error) => `  ${printable(error)}`),
  ];
}

export function callOutput(outcome: CallOutcome): CallOutput {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const content = Array.isArray(outcome.result.content) ? outcome.result.content : [];
  const structured = outcome.result.structuredContent;
  if (structured !== undefined) stdout.push(terminalJson(structured, 2));
  content.forEach((block, index) => {
    if (!isJsonObject(block)) {
      stderr.push(`loupe: content[${index}]: [not an object] ${printable(terminalJson(block))}`);
      return;
    }
    const text = block.type === 'text' ? stringField(block, 'text') : undefined;
    if (text === undefined) {
      const [summary, ...lines] = blockLines(block);
      stderr.push(`loupe: content[${index}]: ${summary ?? ''}`, ...lines);
    } else if (structured === undefined) {
      stdout.push(...safeText(text));
    } else {
      // Not repeated in full: it is often the structuredContent again, or a file's text the JSON holds too.
      const same = repeatsStructured(text, structured) ? ', the structuredContent as JSON' : '';
      stderr.push(
        `loupe: content[${index}]: text, ${plural(text.length, 'character')}${same} (--json prints the whole result)`,
      );
    }
  });
  if (content.length === 0 && structured === undefined) stderr.push('loupe: the result has no content');
  stderr.push(...validationLines(outcome));
  return { stdout, stderr };
}

/** The call's round trip, for stderr: stdout carries the result alone, so `loupe call … | jq` works. */
export function callTimingLine(outcome: CallOutcome): string {
  const rounds = outcome.rounds?.length ? ` · ${formatCount(outcome.rounds.length + 1)} rounds` : '';
  return `${outcome.isError ? 'isError: true · ' : ''}${formatCount(Math.round(outcome.rttMs))} ms${rounds}`;
}
