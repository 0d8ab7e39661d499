/**
 * Writing a folder whole (src/core/wholeFolder.ts), on the real file system: what `loupe mcp --write-skill` and
 * `loupe skills get --out` write. A copy already there is never overwritten (kept aside when it differs, left alone
 * when it is the same), a link is not followed, and a write that fails midway leaves the earlier copy as it was.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../../src/shared/errors.js';
import { writeWholeFolder, type FolderFile } from '../../../src/core/wholeFolder.js';

const files: FolderFile[] = [
  { segments: ['SKILL.md'], bytes: Buffer.from('---\nname: demo\n---\nUse it.\n') },
  { segments: ['references', 'notes.md'], bytes: Buffer.from('notes\n') },
];

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'loupe-whole-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

describe('writeWholeFolder', () => {
  it('writes a new folder with private modes and no staging folder left behind', async () => {
    const result = await writeWholeFolder(parent, 'demo', files);
    expect(result).toMatchObject({
      folder: join(parent, 'demo'),
      unchanged: false,
      changed: ['SKILL.md', 'references/notes.md'],
    });
    expect(result.kept).toBeUndefined();
    expect(readFileSync(join(parent, 'demo', 'references', 'notes.md'), 'utf8')).toBe('notes\n');
    expect(mode(join(parent, 'demo'))).toBe(0o700);
    expect(mode(join(parent, 'demo', 'references'))).toBe(0o700);
    expect(mode(join(parent, 'demo', 'SKILL.md'))).toBe(0o600);
    expect(readdirSync(parent)).toEqual(['demo']);
  });

  it('leaves a folder that already holds the same bytes alone', async () => {
    await writeWholeFolder(parent, 'demo', files);
    const before = statSync(join(parent, 'demo', 'SKILL.md')).mtimeMs;
    const again = await writeWholeFolder(parent, 'demo', files);
    expect(again).toMatchObject({ unchanged: true, changed: [], written: [] });
    expect(statSync(join(parent, 'demo', 'SKILL.md')).mtimeMs).toBe(before);
    expect(readdirSync(parent)).toEqual(['demo']);
  });

  it("keeps a person's edited copy whole beside the new one, naming what differed", async () => {
    await writeWholeFolder(parent, 'demo', files);
    writeFileSync(join(parent, 'demo', 'SKILL.md'), 'my own edits\n');
    writeFileSync(join(parent, 'demo', 'mine.txt'), 'added by hand\n');
    const result = await writeWholeFolder(parent, 'demo', files);
    expect(result.unchanged).toBe(false);
    expect(result.changed).toEqual(['SKILL.md', 'mine.txt']);
    expect(result.kept).toMatch(/[\\/]demo\.before-\d{4}-\d\d-\d\dT/);
    const kept = result.kept ?? '';
    expect(readFileSync(join(kept, 'SKILL.md'), 'utf8')).toBe('my own edits\n');
    expect(readFileSync(join(kept, 'mine.txt'), 'utf8')).toBe('added by hand\n');
    expect(readFileSync(join(parent, 'demo', 'SKILL.md'), 'utf8')).toBe('---\nname: demo\n---\nUse it.\n');
    expect(readdirSync(join(parent, 'demo')).sort()).toEqual(['SKILL.md', 'references']);
  });

  it('refuses a symbolic link at the name and writes nothing through it', async () => {
    const elsewhere = join(parent, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(parent, 'demo'));
    const refused = await writeWholeFolder(parent, 'demo', files).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LoupeError);
    expect((refused as LoupeError).kind).toBe('usage');
    expect((refused as LoupeError).message).toMatch(/symbolic link/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(lstatSync(join(parent, 'demo')).isSymbolicLink()).toBe(true);
    expect(readdirSync(parent).sort()).toEqual(['demo', 'elsewhere']);
  });

  it('leaves the copy on disk as it was when the write fails midway', async () => {
    await writeWholeFolder(parent, 'demo', files);
    writeFileSync(join(parent, 'demo', 'SKILL.md'), 'my own edits\n');
    // A file and a folder of one name: the second cannot be made, after the first was written to staging.
    const clashing: FolderFile[] = [
      { segments: ['a'], bytes: Buffer.from('file') },
      { segments: ['a', 'b'], bytes: Buffer.from('under a file') },
    ];
    const failed = await writeWholeFolder(parent, 'demo', clashing).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as NodeJS.ErrnoException).code).toMatch(/^(EEXIST|ENOTDIR)$/);
    expect(readFileSync(join(parent, 'demo', 'SKILL.md'), 'utf8')).toBe('my own edits\n');
    expect(readdirSync(parent)).toEqual(['demo']);
  });
});
