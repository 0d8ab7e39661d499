/**
 * `loupe scan` over captures of the corpus replayed byte for byte (`loupe replay <file>` as the stdio server): the
 * servers where the old rules raised most of their false alarms (Azure, Postman, Twilio, CircleCI) report exactly
 * the reviewed findings of test/fixtures/corpus/reviewed.json, as the in-process corpus test does; a list the server
 * refused when it was captured (Twilio answers resources/templates/list with -32601) is refused again, named
 * incomplete, and the exit code says so (1), else warnings (4) or nothing (0).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/shared/lint.js';
import { loupeBin, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/corpus/${name}`, import.meta.url));
const reviewed = (
  JSON.parse(readFileSync(fixture('reviewed.json'), 'utf8')) as {
    findings: { server: string; item: string; code: string; severity: string; span: string }[];
  }
).findings;

describe('loupe scan over replayed captures of real servers', () => {
  for (const [server, tools] of [
    ['azure', 235],
    ['postman', 204],
    ['twilio', 197],
    ['circleci', 13],
  ] as const) {
    it(`${server}: ${tools} tools, exactly the reviewed findings`, async () => {
      const run = await runLoupe(
        ['scan', '--json', '--', process.execPath, loupeBin, 'replay', fixture(`${server}.json`)],
        { timeoutMs: 60_000 },
      );
      const document = JSON.parse(run.stdout) as {
        servers: { scanned: boolean; findings: Finding[]; incomplete?: string[] }[];
      };
      const [scanned] = document.servers;
      expect(scanned?.scanned).toBe(true);
      const above = (scanned?.findings ?? []).filter((finding) => finding.severity !== 'info');
      const expected = reviewed.filter((entry) => entry.server === server);
      expect(
        above.map((finding) => [
          `${finding.security?.item.kind ?? ''} ${finding.security?.item.name ?? ''}`,
          finding.code,
          finding.severity,
          finding.security?.evidence.span,
        ]),
      ).toEqual(expected.map((entry) => [entry.item, entry.code, entry.severity, entry.span]));
      const lists = (
        JSON.parse(readFileSync(fixture(`${server}.json`), 'utf8')) as {
          lists?: Record<string, { complete: boolean }>;
        }
      ).lists;
      const refused = Object.entries(lists ?? {}).flatMap(([kind, list]) => (list.complete ? [] : [kind]));
      expect(scanned?.incomplete ?? []).toEqual(refused);
      expect(run.code).toBe(refused.length > 0 ? 1 : expected.length > 0 ? 4 : 0);
    });
  }
});
