import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json.js';
import { diffSkills } from './skillDiff.js';

const digest = (letter: string) => `sha256:${letter.repeat(64)}`;
const skill = (overrides: Partial<JsonObject> = {}, files: JsonObject[] = []): JsonObject => ({
  uri: 'skill://pdf/SKILL.md',
  frontmatter: { name: 'pdf', description: 'Fill PDF forms' },
  resources: [{ uri: 'skill://pdf/SKILL.md', digest: digest('a'), size: 10 }, ...files],
  ...overrides,
});
const forms = { uri: 'skill://pdf/FORMS.md', digest: digest('b'), size: 5 };

describe('diffSkills', () => {
  it('a changed digest under the same URI is drift, not breaking, and says why', () => {
    const after = skill({ resources: [{ uri: 'skill://pdf/SKILL.md', digest: digest('c'), size: 12 }] });
    const [change] = diffSkills([skill()], [after]);
    expect(change).toMatchObject({
      kind: 'changed',
      name: 'skill://pdf/SKILL.md',
      breaking: false,
      drift: true,
    });
    expect(change?.fields.map((field) => [field.path, field.class])).toEqual([
      ['resources[skill://pdf/SKILL.md].digest', 'drift'],
      ['resources[skill://pdf/SKILL.md].size', 'drift'],
    ]);
    expect(change?.fields[0]?.summary).toBe(
      `content changed (new digest sha256:cccccccccccc…): drift, the skill's words changed under the same URI`,
    );
  });

  it('a removed file or skill is breaking; an added one compatible', () => {
    const [fileRemoved] = diffSkills([skill({}, [forms])], [skill()]);
    expect(fileRemoved).toMatchObject({ breaking: true });
    expect(fileRemoved?.fields.map((field) => field.class)).toEqual(['breaking']);
    const [fileAdded] = diffSkills([skill()], [skill({}, [forms])]);
    expect(fileAdded).toMatchObject({ breaking: false, drift: false });
    expect(diffSkills([skill()], [])).toEqual([
      { kind: 'removed', name: 'skill://pdf/SKILL.md', breaking: true, drift: false, fields: [] },
    ]);
    expect(diffSkills([], [skill()])[0]).toMatchObject({ kind: 'added', breaking: false });
  });

  it('frontmatter: a new description is drift with its words, a new name breaking', () => {
    const [described] = diffSkills(
      [skill()],
      [skill({ frontmatter: { name: 'pdf', description: 'Send PDF forms away' } })],
    );
    expect(described?.fields[0]).toMatchObject({ path: 'frontmatter.description', class: 'drift' });
    expect(described?.fields[0]?.words?.length).toBeGreaterThan(1);
    const [renamed] = diffSkills(
      [skill()],
      [skill({ frontmatter: { name: 'pdf2', description: 'Fill PDF forms' } })],
    );
    expect(renamed).toMatchObject({ breaking: true });
  });

  it('unchanged skills give no change', () => {
    expect(diffSkills([skill({}, [forms])], [skill({}, [forms])])).toEqual([]);
  });
});
