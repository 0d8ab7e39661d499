// Every relative link in README.md and docs/*.md resolves to a file in the repository (and an anchor to a heading of
// the file it names), so a clone can follow them: the screenshots in docs/images/ too (committed, written by
// `npm run docs:images`), and docs/images/ holds exactly the screenshots named below. A link that leaves the
// repository (../shared/, a sibling checkout) fails, as a clone does not have it.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

const views = [
  'tools',
  'resources',
  'prompts',
  'skills',
  'server',
  'traffic',
  'timings',
  'tasks',
  'collections',
  'conformance',
  'compare',
  'security',
  'portability',
  'sign-in',
];
const sizes = ['1024x700', '1440x900', '2560x1440'];
/** The screenshots `npm run docs:images` writes, every one committed. */
const screenshots = new Set(
  views.flatMap((view) =>
    sizes.flatMap((size) => ['light', 'dark'].map((theme) => `docs/images/${view}-${size}-${theme}.png`)),
  ),
);

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text without code blocks and code spans, where a `[x](y)` is not a link. */
const prose = (text: string): string => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '``');

/** Every link target of a Markdown text: `[text](target)` and `![alt](target)`, with an optional "title". */
function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
}

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const match of text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = (match[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

/** What is wrong with one link of one document, or undefined. */
function problem(document: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(root, document) : resolve(root, dirname(document), decodeURI(path));
  const inRepository = relative(root, file);
  if (inRepository.startsWith('..') || inRepository.startsWith(sep)) return 'leaves the repository';
  const name = inRepository.split(sep).join('/');
  if (!existsSync(file)) return 'no such file';
  if (anchor !== undefined && anchor !== '' && statSync(file).isFile() && name.endsWith('.md')) {
    if (!anchors(readFileSync(file, 'utf8')).has(anchor)) return `no heading #${anchor} in ${name}`;
  }
  return undefined;
}

describe('links in README.md and docs/', () => {
  it('every relative link resolves to a file in the repository, and every anchor to a heading', () => {
    const broken: string[] = [];
    let links = 0;
    for (const document of documents) {
      for (const target of linkTargets(readFileSync(join(root, document), 'utf8'))) {
        links += 1;
        const wrong = problem(document, target);
        if (wrong) broken.push(`${document}: ${target}: ${wrong}`);
      }
    }
    expect(broken).toEqual([]);
    expect(links).toBeGreaterThan(100);
  });

  it('the README links one screenshot, and each guide with a view links its screenshots light and dark', () => {
    const readme = linkTargets(readFileSync(join(root, 'README.md'), 'utf8'));
    expect(readme.filter((target) => target.startsWith('docs/images/'))).toEqual([
      'docs/images/tools-1440x900-light.png',
    ]);
    const guides: Record<string, string[]> = {
      'docs/inspect.md': ['tools', 'resources', 'prompts', 'skills', 'server'],
      'docs/traffic.md': ['traffic', 'timings', 'tasks'],
      'docs/snapshots.md': ['compare'],
      'docs/collections.md': ['collections'],
      'docs/conformance.md': ['conformance'],
      'docs/security.md': ['security'],
      'docs/portability.md': ['portability'],
      'docs/sign-in.md': ['sign-in'],
    };
    for (const [guide, shown] of Object.entries(guides)) {
      const targets = linkTargets(readFileSync(join(root, guide), 'utf8'));
      for (const view of shown)
        for (const theme of ['light', 'dark'])
          expect(targets, `${guide} ${view} ${theme}`).toContain(`images/${view}-1440x900-${theme}.png`);
    }
  });

  it('docs/images holds every screenshot of every view, size and scheme, and nothing else', () => {
    const images = readdirSync(join(root, 'docs', 'images')).map((name) => `docs/images/${name}`);
    expect(images.sort()).toEqual([...screenshots].sort());
  });

  it('finds a broken link, one that leaves the repository, a missing anchor and an image outside the list', () => {
    expect(problem('README.md', 'docs/nowhere.md')).toBe('no such file');
    expect(problem('docs/inspect.md', '../../shared/DESIGN.md')).toBe('leaves the repository');
    expect(problem('docs/inspect.md', 'traffic.md#no-such-heading')).toBe(
      'no heading #no-such-heading in docs/traffic.md',
    );
    expect(problem('docs/inspect.md', 'images/tools-800x600-light.png')).toBe('no such file');
    expect(problem('docs/inspect.md', 'images/tools-1024x700-dark.png')).toBeUndefined();
    expect(problem('docs/inspect.md', 'https://example.com/x.md')).toBeUndefined();
  });
});
