/**
 * The security lens through the backend contract (in-memory carrier, real stdio servers): findings over every list
 * with shadowing across sessions, the lint column's tool findings, and pins kept in pins.json beside the settings
 * (first use pins, a change is reported with diff's classes until accepted, and the pin survives a new backend).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StdioTarget } from '../../src/shared/target.js';
import { startHarness } from './backendHarness.js';

const poisoned = fileURLToPath(new URL('../servers/poisoned.mjs', import.meta.url));
const server = (attack: string, env: Record<string, string> = {}): StdioTarget => ({
  transport: 'stdio',
  command: process.execPath,
  args: [poisoned, attack],
  env,
});
const directory = mkdtempSync(join(tmpdir(), 'loupe-security-backend-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('security through the backend', () => {
  it("two sessions: the trivia server refers to the other session's send_message; lint carries the tool findings", async () => {
    const harness = startHarness({ settingsPath: join(directory, 'a', 'settings.json') });
    try {
      const root = harness.api;
      const one = root.forSession((await root.openSession()).id);
      const two = root.forSession((await root.openSession()).id);
      await one.connect(server('whatsapp-real'));
      await one.list('tools');
      await two.connect(server('whatsapp'));
      const report = await two.security();
      expect(report.server).toBe('poisoned-whatsapp');
      const reference = report.findings.find((finding) => finding.code === 'cross-server-reference');
      expect([
        reference?.severity,
        reference?.security?.otherServer,
        reference?.security?.evidence.span,
      ]).toEqual(['error', 'poisoned-whatsapp-real', 'send_message']);
      const lint = await two.lint();
      expect(
        lint.findings.filter((finding) => finding.security).map((finding) => [finding.code, finding.tool]),
      ).toEqual(
        report.findings
          .filter((finding) => finding.security?.item.kind === 'tool')
          .map((finding) => [finding.code, finding.tool]),
      );
      expect(report.pin?.state).toBe('new');
    } finally {
      await harness.close();
    }
  });

  it('securityAcrossSessions: every connected session reports, asked from any session (an idle one too)', async () => {
    const harness = startHarness({ settingsPath: join(directory, 'c', 'settings.json') });
    try {
      const root = harness.api;
      const clean = (await root.openSession()).id;
      const impostor = (await root.openSession()).id;
      const idle = root.forSession((await root.openSession()).id);
      await root.forSession(clean).connect(server('whatsapp-real'));
      await root.forSession(clean).list('tools');
      await root.forSession(impostor).connect(server('shadowing'));
      await root.forSession(impostor).list('tools');
      const across = await idle.securityAcrossSessions();
      expect(across.map((entry) => [entry.session, entry.server, entry.error])).toEqual([
        [clean, 'poisoned-whatsapp-real', undefined],
        [impostor, 'poisoned-shadowing', undefined],
      ]);
      const shadowing = across.map((entry) =>
        entry.report?.findings
          .filter((finding) => finding.code === 'tool-name-shadowing')
          .map((finding) => [finding.tool, finding.security?.otherServer]),
      );
      expect(shadowing).toEqual([
        [['send_message', 'poisoned-shadowing']],
        [['send_message', 'poisoned-whatsapp-real']],
      ]);
      // The same as each session's own report.
      expect(across[1]?.report?.findings).toEqual((await root.forSession(impostor).security()).findings);
    } finally {
      await harness.close();
    }
  });

  it('"Open a session on it" of a replay of this server is the same server: no shadowing either way; an impostor still shadows both', async () => {
    const harness = startHarness({ settingsPath: join(directory, 'e', 'settings.json') });
    try {
      const root = harness.api;
      const source = (await root.openSession()).id;
      await root.forSession(source).connect(server('whatsapp-real'));
      await root.forSession(source).list('tools');
      const snapshot = await root.forSession(source).createSnapshot();
      const serving = await root.serveReplay({ text: snapshot.text, fileName: snapshot.fileName });
      const replay = (await root.openSession()).id;
      await root.forSession(replay).connect({ transport: serving.transport, url: serving.url });
      const replayed = await root.forSession(replay).list('tools');
      expect(replayed.items.map((tool) => tool.name)).toEqual(['send_message', 'list_chats']);
      const shadowing = async () =>
        (await root.securityAcrossSessions()).map((entry) => [
          entry.server,
          entry.report?.findings
            .filter((finding) => finding.code === 'tool-name-shadowing')
            .map((finding) => `${finding.tool ?? ''} ${finding.security?.otherServer ?? ''}`),
        ]);
      expect(await shadowing()).toEqual([
        ['poisoned-whatsapp-real', []],
        ['poisoned-whatsapp-real', []],
      ]);
      const lint = await root.forSession(replay).lint();
      expect(lint.findings.filter((finding) => finding.security)).toEqual([]);

      const impostor = (await root.openSession()).id;
      await root.forSession(impostor).connect(server('shadowing'));
      await root.forSession(impostor).list('tools');
      expect(await shadowing()).toEqual([
        ['poisoned-whatsapp-real', ['send_message poisoned-shadowing']],
        ['poisoned-whatsapp-real', ['send_message poisoned-shadowing']],
        [
          'poisoned-shadowing',
          ['send_message poisoned-whatsapp-real', 'send_message poisoned-whatsapp-real'],
        ],
      ]);
      await root.stopReplay(serving.id);
    } finally {
      await harness.close();
    }
  });

  it('a listing past its page limit takes no pin: connected again whole, the server is a first use, not a drift', async () => {
    const settingsPath = join(directory, 'd', 'settings.json');
    const fault = fileURLToPath(new URL('../servers/fault.mjs', import.meta.url));
    const target: StdioTarget = { transport: 'stdio', command: process.execPath, args: [fault] };
    const harness = startHarness({ settingsPath });
    try {
      await harness.api.connect(target, { pageLimit: 1 });
      const partial = await harness.api.security();
      expect([partial.incomplete, partial.pin]).toEqual([['tools'], null]);
      expect(() => readFileSync(join(directory, 'd', 'pins.json'), 'utf8')).toThrow(/ENOENT/);
      await harness.api.connect(target);
      const whole = await harness.api.security();
      expect([whole.incomplete, whole.pin?.state]).toEqual([[], 'new']);
      expect(whole.findings.filter((finding) => finding.code === 'pin-drift')).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it('pins: first use, then a changed server is reported until accepted, across backends', async () => {
    const settingsPath = join(directory, 'b', 'settings.json');
    const first = startHarness({ settingsPath });
    try {
      await first.api.connect(server('rug-pull', { POISONED_VERSION: '1.0.15' }));
      expect((await first.api.security()).pin?.state).toBe('new');
    } finally {
      await first.close();
    }
    const book = JSON.parse(readFileSync(join(directory, 'b', 'pins.json'), 'utf8')) as {
      format: string;
      pins: Record<string, unknown>;
    };
    expect([book.format, Object.keys(book.pins)]).toEqual([
      'loupe-pins',
      [`stdio:${process.execPath} ${poisoned} rug-pull`],
    ]);

    const second = startHarness({ settingsPath });
    try {
      await second.api.connect(server('rug-pull', { POISONED_VERSION: '1.0.16' }));
      const report = await second.api.security();
      if (report.pin?.state !== 'changed') throw new Error(`pin is ${report.pin?.state ?? 'null'}`);
      expect(report.pin.diff.items.tools[0]?.fields.map((field) => [field.path, field.class])).toEqual([
        ['inputSchema.properties.bcc', 'compatible'],
      ]);
      expect(report.pin.diff.handshake.map((field) => [field.path, field.summary])).toEqual([
        ['serverInfo.version', '"1.0.15" → "1.0.16"'],
      ]);
      expect(report.findings.map((finding) => finding.code).sort()).toEqual([
        'hidden-recipient-default',
        'pin-drift',
        'pin-drift',
      ]);
      const accepted = await second.api.acceptPin();
      expect(accepted.pin?.state).toBe('same');
      expect((await second.api.security()).findings.map((finding) => finding.code)).toEqual([
        'hidden-recipient-default',
      ]);
    } finally {
      await second.close();
    }
  });
});
