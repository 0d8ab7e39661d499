/** How skills read on a terminal: the listing's table, one skill's detail, and each file's verdict. */
import type { SkillEntry, SkillFileCheck, SkillsListing } from '../../shared/skills.js';
import { firstLine, plural, printable, printableCell } from '../terminal.js';

function filesCell(skill: SkillEntry): string {
  if (skill.files === 'dynamic') return 'dynamic';
  const bytes = skill.files.reduce((sum, file) => sum + (file.size ?? 0), 0);
  return `${plural(skill.files.length, 'file')} · ${plural(bytes, 'byte')}`;
}

export function skillTable(listing: SkillsListing): string[] {
  const rows = listing.skills.map((skill) => [
    printableCell(skill.name, 40),
    printableCell(firstLine(skill.description ?? ''), 56),
    printableCell(filesCell(skill), 24),
    printableCell(skill.uri, 64),
  ]);
  const header = ['NAME', 'DESCRIPTION', 'FILES', 'URI'];
  const widths = header.map((cell) => [...cell].length);
  for (const row of rows)
    row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, [...cell].length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === cells.length - 1 ? cell : cell + ' '.repeat((widths[index] ?? 0) - [...cell].length),
      )
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)];
}

export function skillsFooter(listing: SkillsListing): string {
  const base = `${plural(listing.skills.length, 'skill')} · ${plural(listing.pages.length, 'page')}`;
  if (listing.complete) return base;
  const where = listing.error ? ` (${listing.error.kind})` : '';
  return `${base} · INCOMPLETE${where}`;
}

/** One skill as its entry describes it: nothing here was read from its files. */
export function skillDetail(skill: SkillEntry): string[] {
  const lines = [`skill ${printable(skill.name)}  ${printable(skill.uri)}`];
  if (skill.description !== undefined) lines.push(`  description  ${printable(skill.description)}`);
  for (const [field, value] of Object.entries(skill.frontmatter)) {
    if (field === 'name' || field === 'description') continue;
    lines.push(`  ${printable(field)}  ${printable(JSON.stringify(value))}`);
  }
  if (skill.files === 'dynamic')
    lines.push('  files  dynamic (the server lists none ahead; SKILL.md has no digest to check)');
  else {
    lines.push(`  files  ${plural(skill.files.length, 'file')}`);
    for (const file of skill.files) {
      const size = file.size === undefined ? 'no size' : plural(file.size, 'byte');
      lines.push(`    ${printable(file.uri)}  ${size}  ${printable(file.digest ?? 'no digest')}`);
    }
  }
  return lines;
}

const marks: Record<SkillFileCheck['verdict'], string> = {
  verified: '✓ verified',
  'size-mismatch': '✗ size mismatch',
  'digest-mismatch': '✗ digest mismatch',
  'frontmatter-mismatch': '✗ frontmatter mismatch',
  unverifiable: '? unverifiable',
  'not-read': '– not read',
};

export function verdictLine(check: SkillFileCheck): string {
  const size = check.actual ? `  ${plural(check.actual.size, 'byte')}` : '';
  const detail = check.detail ? `  (${printable(check.detail)})` : '';
  return `  ${marks[check.verdict]}  ${printable(check.uri)}${size}${detail}`;
}
