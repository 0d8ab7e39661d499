/** `loupe-<server>-<UTC date-time>.json`, safe on every file system. */
export function snapshotFileName(serverName: string | undefined, at: Date = new Date()): string {
  const server =
    (serverName ?? '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'server';
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  return `loupe-${server}-${stamp}.json`;
}
