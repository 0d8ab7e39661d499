/**
 * The lenses run on a thread of their own (src/core/lenses/lensThread.ts), as the built backend runs them in the
 * browser host and the app: over every capture of the corpus of published servers (test/fixtures/corpus), the thread
 * answers exactly what the same functions answer inline; while a lens over 20,000 tools runs there, the calling thread
 * keeps turning its event loop (inline, it could not turn once before the answer); a job the thread cannot run comes
 * back as an error with its cause. Under the test runner the sources have no thread file beside them, so they run
 * inline, and the built module is the one that runs the thread.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/shared/json.js';
import { parseSnapshot } from '../../src/core/snapshot/parseSnapshot.js';
import { snapshotSurface } from '../../src/core/security/snapshotSurface.js';
import { lensJobs } from '../../src/core/lenses/lensJobs.js';
import * as sourceThread from '../../src/core/lenses/lensThread.js';
import { requireBuild } from '../cli/loupe.js';

type ThreadModule = typeof sourceThread;
const builtFile = fileURLToPath(new URL('../../out/node/core/lenses/lensThread.js', import.meta.url));
const fixtures = new URL('../fixtures/corpus/', import.meta.url);
const read = (name: string): string => readFileSync(fileURLToPath(new URL(name, fixtures)), 'utf8');
const servers = (JSON.parse(read('index.json')) as { servers: { id: string; file: string }[] }).servers.map(
  (entry) => ({ id: entry.id, snapshot: parseSnapshot(read(entry.file)) }),
);

let built: ThreadModule;
beforeAll(async () => {
  requireBuild();
  built = (await import(pathToFileURL(builtFile).href)) as ThreadModule;
}, 60_000);

describe('the lens thread', () => {
  it('runs in the built backend and not from the sources, which run inline', () => {
    expect(built.lensThreadAvailable()).toBe(true);
    expect(sourceThread.lensThreadAvailable()).toBe(false);
  });

  it('answers exactly what the lenses answer inline, over every server of the corpus', async () => {
    expect(servers.length).toBeGreaterThanOrEqual(40);
    let findings = 0;
    for (const { id, snapshot } of servers) {
      const surface = snapshotSurface(snapshot);
      const tools = snapshot.tools;
      const serverName = typeof snapshot.serverInfo?.name === 'string' ? snapshot.serverInfo.name : undefined;
      const portabilityInput = serverName === undefined ? { items: tools } : { items: tools, serverName };
      const [scan, lint, portability, costs] = await Promise.all([
        built.runLens('scanSurface', { surface, others: [] }),
        built.runLens('lintTools', tools),
        built.runLens('portability', portabilityInput),
        built.runLens('contextCost', tools),
      ]);
      expect(scan, id).toEqual(lensJobs.scanSurface({ surface, others: [] }));
      expect(lint, id).toEqual(lensJobs.lintTools(tools));
      expect(portability, id).toEqual(lensJobs.portability(portabilityInput));
      expect(costs, id).toEqual(await lensJobs.contextCost(tools));
      findings += scan.length + lint.length;
    }
    // The lenses found something to compare: the corpus is not a list of empty answers.
    expect(findings).toBeGreaterThan(100);
  }, 300_000);

  it('leaves the calling thread free while a lens over 20,000 tools runs', async () => {
    const corpusTools = servers.flatMap(({ snapshot }) => snapshot.tools);
    const tools = Array.from({ length: 20_000 }, (_, index) => ({
      ...corpusTools[index % corpusTools.length],
      name: `tool_${index}`,
    }));
    const turns = async (module: ThreadModule): Promise<{ turns: number; findings: number }> => {
      let count = 0;
      let running = true;
      const turn = (): void => {
        if (!running) return;
        count += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
      const findings = await module.runLens('lintTools', tools);
      running = false;
      return { turns: count, findings: findings.length };
    };
    const onThread = await turns(built);
    const inline = await turns(sourceThread);
    expect(onThread.findings).toBe(inline.findings);
    expect(onThread.findings).toBeGreaterThan(10_000);
    // Inline, the lint runs from the call to its answer without giving the loop a turn.
    expect(inline.turns).toBe(0);
    expect(onThread.turns).toBeGreaterThan(10);
  }, 300_000);

  it('a big list given to every lens after a listing crosses to the thread once, and each answer is the inline one', async () => {
    const corpusTools = servers.flatMap(({ snapshot }) => snapshot.tools);
    const listOf = (size: number, tag: string): JsonObject[] =>
      Array.from({ length: size }, (_, index) => ({
        ...corpusTools[index % corpusTools.length],
        name: `${tag}_${index}`,
      }));
    const tools = listOf(1_000, 'tool');
    const all = (items: JsonObject[]) =>
      Promise.all([
        built.runLens('lintTools', items),
        built.runLens('scanSurface', { surface: { tools: items }, others: [] }),
        built.runLens('portability', { items, serverName: 'big' }),
        built.runLens('contextCost', items),
      ]);
    const inline = async (items: JsonObject[]) => [
      lensJobs.lintTools(items),
      lensJobs.scanSurface({ surface: { tools: items }, others: [] }),
      lensJobs.portability({ items, serverName: 'big' }),
      await lensJobs.contextCost(items),
    ];
    const before = built.lensListsSent();
    const expected = await inline(tools);
    expect(await all(tools)).toEqual(expected);
    // Four jobs, one list: it crossed once (in the security scan's input, it sits two levels down).
    expect(built.lensListsSent() - before).toBe(1);
    // Asked again (the page opened Security, then Portability): still held, nothing crosses.
    expect(await all(tools)).toEqual(expected);
    expect(built.lensListsSent() - before).toBe(1);
    // The thread keeps the last four lists: after five others, the first crosses again, and is answered right.
    for (let other = 0; other < 5; other += 1)
      expect(await built.runLens('lintTools', listOf(300, `other${other}`))).toBeInstanceOf(Array);
    expect(built.lensListsSent() - before).toBe(6);
    expect(await all(tools)).toEqual(expected);
    expect(built.lensListsSent() - before).toBe(7);
    // A list under the size worth sharing goes with its job, as before.
    await built.runLens('lintTools', listOf(10, 'small'));
    expect(built.lensListsSent() - before).toBe(7);
  }, 300_000);

  it('says why when the thread cannot run a job', async () => {
    const unknown = built.runLens('noSuchLens' as 'lintTools', []);
    await expect(unknown).rejects.toMatchObject({ message: 'no lens is named noSuchLens' });
    // The thread is still there for the next job.
    expect(await built.runLens('lintTools', [])).toEqual([]);
  });
});

describe('an input the thread cannot be given', () => {
  it('a schema nested past what a structured clone recurses through is linted inline, with its finding', async () => {
    let schema: JsonObject = { type: 'string' };
    for (let depth = 0; depth < 200_000; depth += 1)
      schema = { type: 'object', properties: { deeper: schema } };
    const tools = [{ name: 'deep', inputSchema: schema }];
    expect(() => structuredClone(tools)).toThrow();
    const findings = await built.runLens('lintTools', tools);
    expect(findings.map((finding) => finding.code)).toEqual(
      lensJobs.lintTools(tools).map((finding) => finding.code),
    );
    expect(findings.length).toBeGreaterThan(0);
  });
});
