/** `loupe lint` names the UI resources that do not resolve or are mistyped (test/servers/hostileApp.mjs, stdio). */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot, requireBuild, runLoupe } from '../../cli/loupe.js';

const hostileApp = join(repositoryRoot, 'test', 'servers', 'hostileApp.mjs');

describe('loupe lint and MCP Apps', () => {
  beforeAll(() => requireBuild());

  it('prints one warning per problem and lists them in --json', async () => {
    const text = await runLoupe(['lint', '--', process.execPath, hostileApp]);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n').filter((line) => line.includes('app-resource-'));
    expect(lines).toHaveLength(4);
    expect(
      lines.filter(
        (line) => line.includes('app-resource-unresolved') && line.includes('ui://hostile/missing.html'),
      ),
    ).toHaveLength(2);
    expect(
      lines.filter((line) => line.includes('app-resource-mime') && line.includes('ui://hostile/plain.html')),
    ).toHaveLength(2);

    const json = await runLoupe(['lint', '--json', '--', process.execPath, hostileApp]);
    const document = JSON.parse(json.stdout) as { findings: { code: string; tool?: string }[] };
    expect(
      document.findings
        .filter((finding) => finding.code.startsWith('app-'))
        .map((finding) => [finding.code, finding.tool]),
    ).toEqual([
      ['app-resource-unresolved', 'missing_app'],
      ['app-resource-unresolved', 'missing_app'],
      ['app-resource-mime', 'plain_html_app'],
      ['app-resource-mime', 'plain_html_app'],
    ]);
  });
});
