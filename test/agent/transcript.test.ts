/**
 * The transcript in docs/agents.md is made by running examples/agent/transcript.mjs (the SDK 1.x Client through the
 * built `loupe mcp`): it still runs, and says what the document shows.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot, requireBuild } from '../cli/loupe.js';

const execFileAsync = promisify(execFile);

beforeAll(() => {
  requireBuild();
});

describe('the transcript of docs/agents.md', () => {
  it('lists, calls and snapshots server-everything through loupe mcp', async () => {
    const { stdout } = await execFileAsync(
      process.execPath,
      [join(repositoryRoot, 'examples', 'agent', 'transcript.mjs')],
      {
        timeout: 120_000,
      },
    );
    expect(stdout).toMatch(
      /^# connected to loupe \S+ over stdio\n# tools\/list: 14 tools: list_targets, open_session,/,
    );
    expect(stdout).toContain('"count": 13,\n  "complete": true,');
    expect(stdout).toContain('"text": "The sum of 19 and 23 is 42."');
    expect(stdout).toMatch(
      /← loupe\.snapshot\/1: connected true, 13 tools, \d+ frames, integrity sha256:[0-9a-f]{12}…/,
    );
    expect(stdout).toMatch(
      /→ tools\/call close_session \{"session":"s1"\}\n← \{\n {2}"session": "s1",\n {2}"closed": true\n\}\n$/,
    );
  }, 150_000);
});
