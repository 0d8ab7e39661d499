/**
 * `loupe-<server>-<UTC date-time>.json`, safe on every file system: letters, digits, `.`, `_` and `-` only, no
 * leading or trailing dot, at most 60 characters of the name, and the `loupe-` prefix keeps it clear of names
 * Windows reserves (CON, NUL…). A server whose own name starts with "loupe" (the demo server is `loupe-demo`)
 * does not get the word twice: `loupe-demo-20261129T230507Z.json`, not `loupe-loupe-demo-…`.
 */
export function snapshotFileName(serverName: string | undefined, at: Date = new Date()): string {
  const safe = (serverName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const server =
    safe
      .replace(/^loupe[-._]+(?=[A-Za-z0-9])/i, '')
      .slice(0, 60)
      .replace(/[-.]+$/, '') || 'server';
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `loupe-${server}-${stamp}.json`;
}
