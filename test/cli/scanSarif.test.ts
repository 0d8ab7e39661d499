/**
 * `loupe scan --sarif` for a direct target: every result has a physical location where the target has one — a
 * stdio server's script file (relative to the working folder), an HTTP server's URL (no query), the config line
 * for `--config <file> --server <name>`. Each log is validated against the published
 * SARIF 2.1.0 schema with ajv (draft-04), as the config-file scan's log is in scan.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ajvDraft04 from 'ajv-draft-04';
import formatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrintingUrl } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const AjvDraft04 = ajvDraft04.default;
const addFormats = formatsModule.default;
const poisoned = fileURLToPath(new URL('../servers/poisoned.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-scan-sarif-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('../fixtures/sarif/sarif-2.1.0-rtm.5.json', import.meta.url)), 'utf8'),
) as object;
const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

interface Location {
  physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } };
}

/** Scans with --sarif; the log validated, and each result's physical location. */
async function sarifLocations(
  name: string,
  args: string[],
): Promise<(Location['physicalLocation'] | null)[]> {
  const path = join(directory, `${name}.sarif`);
  const run = await runLoupe(['scan', '--sarif', path, ...args]);
  expect(run.stderr).not.toMatch(/internal/i);
  const log = JSON.parse(readFileSync(path, 'utf8')) as { runs: { results: { locations: Location[] }[] }[] };
  expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  return (log.runs[0]?.results ?? []).map((result) => result.locations[0]?.physicalLocation ?? null);
}

describe('SARIF for a direct target', () => {
  it("stdio: at the server's script, relative to the working folder", async () => {
    const locations = await sarifLocations('stdio', ['--', process.execPath, poisoned, 'tool-poisoning']);
    expect(locations.length).toBeGreaterThan(2);
    expect(new Set(locations.map((location) => JSON.stringify(location)))).toEqual(
      new Set([JSON.stringify({ artifactLocation: { uri: 'test/servers/poisoned.mjs' } })]),
    );
  }, 60_000);

  it("Streamable HTTP: at the server's URL", async () => {
    const server = await startPrintingUrl([poisoned, 'whatsapp', '--transport', 'http'], 'http', 'whatsapp');
    try {
      const locations = await sarifLocations('http', ['--url', `${server.url}?token=secret`]);
      expect(locations.length).toBeGreaterThan(0);
      expect(locations.map((location) => location?.artifactLocation.uri)).toEqual(
        locations.map(() => server.url),
      );
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('--config --server: at the config line naming the server', async () => {
    const config = join(directory, 'mcp.json');
    writeFileSync(
      config,
      `${JSON.stringify({ mcpServers: { calm: { command: 'true' }, trivia: { command: process.execPath, args: [poisoned, 'whatsapp'] } } }, null, 2)}\n`,
    );
    const locations = await sarifLocations('config', ['--config', config, '--server', 'trivia']);
    expect(locations.length).toBeGreaterThan(0);
    const line =
      readFileSync(config, 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('"trivia"')) + 1;
    expect(line).toBeGreaterThan(1);
    for (const location of locations) expect(location?.region?.startLine).toBe(line);
    expect(locations[0]?.artifactLocation.uri.endsWith('mcp.json')).toBe(true);
  }, 60_000);
});
