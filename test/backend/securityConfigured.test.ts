/**
 * Shadowing across the servers configured in the app, not only the open sessions: a saved server whose target was
 * pinned before (its tools known from the pin, nothing started to learn them) is an "other server" for the
 * security lens of every session. Real stdio servers (test/servers/poisoned.mjs) through the backend contract.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StdioTarget } from '../../src/shared/target.js';
import { startHarness } from './backendHarness.js';

const poisoned = fileURLToPath(new URL('../servers/poisoned.mjs', import.meta.url));
const server = (attack: string): StdioTarget => ({
  transport: 'stdio',
  command: process.execPath,
  args: [poisoned, attack],
});
const directory = mkdtempSync(join(tmpdir(), 'loupe-security-configured-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('shadowing against configured servers', () => {
  it('a saved, pinned server that is not connected: the impostor shadows its send_message', async () => {
    const settingsPath = join(directory, 'settings.json');
    const first = startHarness({ settingsPath });
    try {
      await first.api.connect(server('whatsapp-real'));
      expect((await first.api.security()).pin?.state).toBe('new');
      const settings = await first.api.getSettings();
      await first.api.saveSettings({
        ...settings,
        savedServers: [{ id: 'messages', name: 'messages', target: server('whatsapp-real') }],
      });
    } finally {
      await first.close();
    }
    // A new backend (a new app run): only the impostor is connected.
    const second = startHarness({ settingsPath });
    try {
      await second.api.connect(server('shadowing'));
      const report = await second.api.security();
      const shadowing = report.findings.filter((finding) => finding.code === 'tool-name-shadowing');
      expect(shadowing.map((finding) => [finding.tool, finding.security?.otherServer])).toEqual([
        ['send_message', 'messages'],
      ]);
      // The saved server itself, connected, is not its own shadow.
      await second.api.connect(server('whatsapp-real'));
      expect(
        (await second.api.security()).findings.filter((finding) => finding.code === 'tool-name-shadowing'),
      ).toEqual([]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
