/**
 * Why server-everything lists 13 tools to `loupe list` and 16 to the app: it lists more to a client that declares
 * sampling, elicitation and roots, which the CLI declares only with --input. `list` says on stderr what it
 * declared and that a server may list more; `--json` carries `clientCapabilities`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const everything = ['--', process.execPath, everythingServer, 'stdio'];

interface Listing {
  clientCapabilities: Record<string, unknown>;
  items: { name: string }[];
}

describe('loupe list says which client capabilities it declared', { timeout: 90_000 }, () => {
  it('without --input: none of sampling, elicitation, roots, said on stderr; 13 tools', async () => {
    const run = await runLoupe(['list', ...everything]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('13 tools · 1 page');
    expect(run.stderr).toBe(
      'loupe: client capabilities declared: tasks; extensions: tasks, ui, skills; not declared: sampling, elicitation, roots (a server may list more to a client that declares them: --input …)\n',
    );
    const json = await runLoupe(['list', '--json', ...everything]);
    const document = JSON.parse(json.stdout) as Listing;
    expect(Object.keys(document.clientCapabilities).sort()).toEqual(['extensions', 'tasks']);
    expect(document.items).toHaveLength(13);
  });

  it('with --input defaults: all three declared, and the server lists 16 tools', async () => {
    const run = await runLoupe(['list', '--input', 'defaults', ...everything]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('16 tools · 1 page');
    expect(run.stderr).toBe(
      'loupe: client capabilities declared: roots, sampling, elicitation, tasks; extensions: tasks, ui, skills\n',
    );
    const json = await runLoupe(['list', '--json', '--input', 'defaults', ...everything]);
    const document = JSON.parse(json.stdout) as Listing;
    expect(document.clientCapabilities).toMatchObject({
      sampling: {},
      elicitation: {},
      roots: { listChanged: true },
    });
    expect(document.items.map((item) => item.name)).toContain('trigger-sampling-request');
    expect(document.items).toHaveLength(16);
  });
});
