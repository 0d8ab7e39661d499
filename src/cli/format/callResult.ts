/** `loupe call` output: each content block readably, then structuredContent and its validation. */
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject, stringField } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import { formatCount, printable, terminalJson } from '../terminal.js';

/** Multi-line server text, each line made safe for a terminal. */
function safeText(text: string): string[] {
  return text.split(/\r?\n/).map((line) => printable(line));
}

function base64Bytes(data: string | undefined): number {
  return data === undefined ? 0 : Buffer.from(data, 'base64').length;
}

function blockLines(block: JsonObject): string[] {
  const type = stringField(block, 'type') ?? '(no type)';
  switch (type) {
    case 'text':
      return safeText(stringField(block, 'text') ?? '');
    case 'image':
    case 'audio':
      return [`[${type} ${printable(stringField(block, 'mimeType') ?? 'unknown type')}, ${formatCount(base64Bytes(stringField(block, 'data')))} bytes]`];
    case 'resource_link':
      return [`[resource link ${printable(stringField(block, 'uri') ?? '?')}${typeof block.name === 'string' ? ` "${printable(block.name)}"` : ''}]`];
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

export function callResultLines(outcome: CallOutcome): string[] {
  const lines: string[] = [];
  const content = Array.isArray(outcome.result.content) ? outcome.result.content : [];
  for (const block of content) {
    for (const line of isJsonObject(block) ? blockLines(block) : [`[not an object] ${printable(terminalJson(block))}`]) lines.push(line);
  }
  if (content.length === 0) lines.push('(no content)');
  if (outcome.result.structuredContent !== undefined) {
    lines.push('', 'structuredContent:', ...safeText(terminalJson(outcome.result.structuredContent, 2)));
  }
  const validation = outcome.structuredValidation;
  if (validation) {
    if (validation.valid) lines.push('structuredContent is valid against the outputSchema');
    else if ('missing' in validation) lines.push('structuredContent is MISSING: the tool declares an outputSchema');
    else lines.push('structuredContent is INVALID against the outputSchema:', ...validation.errors.map((error) => `  ${printable(error)}`));
  }
  return lines;
}

/** The call's round trip, for stderr: stdout carries the result alone, so `loupe call … | jq` works. */
export function callTimingLine(outcome: CallOutcome): string {
  const rounds = outcome.rounds?.length ? ` · ${formatCount(outcome.rounds.length + 1)} rounds` : '';
  return `${outcome.isError ? 'isError: true · ' : ''}${formatCount(Math.round(outcome.rttMs))} ms${rounds}`;
}
