/** One failed assertion in plain lines: what, why, expected, actual, and the diff (shared by the text reporters). */
import type { AssertionResult } from '../../../shared/collections.js';
import { shortJson } from '../../diff/jsonEqual.js';

/** Diff lines shown at most; the rest is counted. */
const maximumDiffLines = 60;

export function assertionLines(assertion: AssertionResult, indent = ''): string[] {
  const lines = [`${indent}✗ ${assertion.name}${assertion.message ? `: ${assertion.message}` : ''}`];
  const changed = assertion.diff?.filter((line) => line.op !== 'same') ?? [];
  if (assertion.diff && changed.length > 0) {
    lines.push(`${indent}  --- expected  +++ actual`);
    const shown = assertion.diff.slice(0, maximumDiffLines);
    for (const line of shown)
      lines.push(`${indent}  ${line.op === 'same' ? ' ' : line.op === 'removed' ? '-' : '+'} ${line.text}`);
    if (assertion.diff.length > shown.length)
      lines.push(`${indent}  … ${assertion.diff.length - shown.length} more lines`);
    return lines;
  }
  if (assertion.expected !== undefined)
    lines.push(`${indent}  expected: ${shortJson(assertion.expected, 200)}`);
  if (assertion.actual !== undefined) lines.push(`${indent}  actual:   ${shortJson(assertion.actual, 200)}`);
  return lines;
}
