// diff says when a change makes a host refuse a tool it took before (breaking), or take one it refused (compatible).
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/shared/json.js';
import { diffItems } from '../../../src/core/diff/snapshotDiff.js';

const before: JsonObject = {
  name: 'find_order',
  description: 'Find an order by id or by email.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } } },
};
// The same rule written as a top-level anyOf: valid JSON Schema, refused by the Anthropic API (and so Claude Code).
const after: JsonObject = {
  ...before,
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string' }, email: { type: 'string' } },
    anyOf: [{ required: ['id'] }, { required: ['email'] }],
  },
};

describe('diff and portability', () => {
  it('a top-level anyOf makes the tool refused by Anthropic and Claude Code: breaking, with rule and path', () => {
    const [change] = diffItems('tools', [before], [after]);
    expect(change.breaking).toBe(true);
    const portability = change.fields.filter((field) => field.path.startsWith('portability.'));
    expect(portability).toEqual([
      {
        path: 'portability.anthropic',
        class: 'breaking',
        summary:
          'now refused by Anthropic tool use: inputSchema has anyOf at the top level (rule top-level-combinators at inputSchema.anyOf)',
        before: 'accepted',
        after: 'refused',
      },
      {
        path: 'portability.claude-code',
        class: 'breaking',
        summary:
          'now refused by Claude Code: inputSchema has anyOf at the top level (rule top-level-combinators at inputSchema.anyOf)',
        before: 'accepted',
        after: 'refused',
      },
    ]);
  });

  it('taking the anyOf out again is compatible: no longer refused', () => {
    const [change] = diffItems('tools', [after], [before]);
    expect(
      change.fields
        .filter((field) => field.path.startsWith('portability.'))
        .map((field) => `${field.class} ${field.summary}`),
    ).toEqual([
      'compatible no longer refused by Anthropic tool use',
      'compatible no longer refused by Claude Code',
    ]);
  });

  it('a change no host minds adds nothing', () => {
    const [change] = diffItems('tools', [before], [{ ...before, description: 'Find one order.' }]);
    expect(change.fields.map((field) => field.path)).toEqual(['description']);
  });
});
