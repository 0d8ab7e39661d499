import { describe, expect, it } from 'vitest';
import { frontmatterDifferences, readFrontmatter } from './frontmatter.js';
import { readSkillEntry } from './skillEntry.js';
import { checkFile, sha256Digest } from './verifyFile.js';
import { pathInSkill } from './writeSkill.js';

const manifest = '---\nname: pdf\ndescription: Fill PDFs\nmetadata:\n  tags: [a, b]\n---\n\nBody.\n';
const bytes = Buffer.from(manifest, 'utf8');
const listed = { uri: 'skill://pdf/SKILL.md', digest: sha256Digest(bytes), size: bytes.length };
const entryFrontmatter = { name: 'pdf', description: 'Fill PDFs', metadata: { tags: ['a', 'b'] } };

describe('checkFile', () => {
  it('verifies a file whose size, digest and frontmatter match, keeping its text', () => {
    const check = checkFile(listed, { bytes, text: manifest }, entryFrontmatter);
    expect(check.verdict).toBe('verified');
    expect(check.text).toBe(manifest);
  });

  it('a size mismatch is its own failure, checked before the digest, and keeps no content', () => {
    const check = checkFile(
      { ...listed, size: listed.size + 1 },
      { bytes, text: manifest },
      entryFrontmatter,
    );
    expect(check.verdict).toBe('size-mismatch');
    expect(check.detail).toBe(`${bytes.length} bytes read, the entry lists ${bytes.length + 1}`);
    expect(check.text).toBeUndefined();
  });

  it('a digest mismatch of the same size', () => {
    const other = Buffer.from(manifest.replace('Body.', 'Evil.'), 'utf8');
    const check = checkFile(listed, { bytes: other, text: other.toString('utf8') }, entryFrontmatter);
    expect(check.verdict).toBe('digest-mismatch');
    expect(check.actual?.digest).toBe(sha256Digest(other));
  });

  it('a frontmatter that differs by one nested value, or is missing', () => {
    const changed = checkFile(
      listed,
      { bytes, text: manifest },
      { ...entryFrontmatter, metadata: { tags: ['a'] } },
    );
    expect(changed.verdict).toBe('frontmatter-mismatch');
    expect(changed.detail).toBe(
      'differs from the entry: metadata: file={"tags":["a","b"]} entry={"tags":["a"]}',
    );
    const plain = Buffer.from('no frontmatter\n');
    const missing = checkFile(
      { uri: listed.uri, digest: sha256Digest(plain), size: plain.length },
      { bytes: plain },
      entryFrontmatter,
    );
    expect(missing.verdict).toBe('frontmatter-mismatch');
    expect(missing.detail).toBe('SKILL.md does not begin with a --- delimited YAML frontmatter block');
  });
});

describe('frontmatter', () => {
  it('parses YAML after a BOM and compares a missing field as null', () => {
    const read = readFrontmatter(`\ufeff${manifest}`);
    expect(read).toEqual({ frontmatter: entryFrontmatter });
    expect(frontmatterDifferences({ name: 'a' }, { name: 'a', license: 'MIT' })).toEqual([
      'license: file=null entry="MIT"',
    ]);
  });

  it('names YAML that does not parse', () => {
    const read = readFrontmatter('---\nname: [unclosed\n---\n');
    expect('problem' in read && read.problem).toMatch(/^the frontmatter is not YAML: /);
  });
});

describe('entries and paths', () => {
  it('reads the name from the URI and keeps "dynamic"', () => {
    const entry = readSkillEntry({
      uri: 'skill://acme/tools/pdf/SKILL.md',
      frontmatter: { name: 'x' },
      resources: 'dynamic',
    });
    expect(entry?.name).toBe('pdf');
    expect(entry?.files).toBe('dynamic');
    expect(readSkillEntry({ frontmatter: {} })).toBeUndefined();
  });

  it('a file path never leaves the skill folder', () => {
    const skill = 'skill://pdf/SKILL.md';
    expect(pathInSkill(skill, 'skill://pdf/references/A%20B.md')).toEqual(['references', 'A B.md']);
    expect(pathInSkill(skill, 'skill://pdf/../etc/passwd')).toBeUndefined();
    expect(pathInSkill(skill, 'skill://pdf/a/%2e%2e/b')).toBeUndefined();
    expect(pathInSkill(skill, 'skill://pdf/a%2Fb')).toBeUndefined();
    expect(pathInSkill(skill, 'skill://other/SKILL.md')).toBeUndefined();
  });
});
