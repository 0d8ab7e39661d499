#!/usr/bin/env node
// Captures each installed server of manifest.json with the built `loupe snapshot` (every list page, every frame's raw
// text) into test/fixtures/corpus/<id>.json, and records package, version, capture date, tool count and the file's
// SHA-256 in test/fixtures/corpus/index.json. A server that does not connect, or whose tool list does not read to
// the end, is reported and left out (its old capture, if any, stays). The servers run offline with the manifest's
// dummy credentials; DO_NOT_TRACK=1 is passed to every one.
//
//   npm run build && node scripts/corpus/capture.mjs [id…]
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandOf, corpusDirectory, manifest } from './manifest.mjs';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(repository, 'test/fixtures/corpus');
const indexFile = join(fixtures, 'index.json');
const loupe = join(repository, 'bin/loupe.js');
mkdirSync(fixtures, { recursive: true });

const wanted = process.argv.slice(2);
const servers = manifest().servers.filter((server) => wanted.length === 0 || wanted.includes(server.id));
const index = existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : { servers: [] };

function run(args, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [loupe, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The Node that runs a server: this one, or for `"node": "22"` in the manifest the one scripts/node22.mjs finds. */
let node22;
function nodeFor(server) {
  if (server.node !== '22') return process.execPath;
  node22 ??= spawnSync(process.execPath, [join(repository, 'scripts/node22.mjs')], {
    encoding: 'utf8',
  }).stdout.split('\n')[0];
  return node22;
}

async function capture(server) {
  const { data, script, args, env, files } = commandOf(server);
  if (!existsSync(script)) return `not installed (${script}): run scripts/corpus/install.mjs`;
  mkdirSync(data, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(data, path)), { recursive: true });
    writeFileSync(join(data, path), text);
  }
  const file = join(fixtures, `${server.id}.json`);
  const partial = `${file}.partial`;
  const environment = Object.entries({ DO_NOT_TRACK: '1', ...env }).flatMap(([name, value]) => [
    '--env',
    `${name}=${value}`,
  ]);
  const { stdout, stderr } = await run(
    [
      'snapshot',
      '--json',
      '--timeout',
      '20000',
      '--out',
      partial,
      ...environment,
      '--cwd',
      data,
      '--',
      nodeFor(server),
      script,
      ...args,
    ],
    120_000,
  );
  let result;
  try {
    result = JSON.parse(stdout);
  } catch {
    rmSync(partial, { force: true });
    return `no report: ${stderr.trim().split('\n').slice(-2).join(' | ')}`;
  }
  if (!result.connected || !result.toolsComplete || !(result.toolCount > 0)) {
    rmSync(partial, { force: true });
    return `not captured: connected ${result.connected}, tools ${result.toolCount}, complete ${result.toolsComplete}${result.error ? `: ${result.error.message}` : ''}`;
  }
  renameSync(partial, file);
  const text = readFileSync(file);
  const snapshot = JSON.parse(text.toString('utf8'));
  const entry = {
    id: server.id,
    package: server.package,
    version: server.version,
    capturedAt: snapshot.testedAt,
    file: `${server.id}.json`,
    sha256: createHash('sha256').update(text).digest('hex'),
    serverInfo: snapshot.serverInfo ?? null,
    tools: snapshot.toolCount,
    pages: snapshot.pages.length,
  };
  index.servers = [...index.servers.filter((other) => other.id !== server.id), entry].sort((left, right) =>
    left.id.localeCompare(right.id),
  );
  return entry;
}

if (!existsSync(join(repository, 'out/node/cli/main.js'))) {
  process.stderr.write('capture: build Loupe first (npm run build)\n');
  process.exit(1);
}
let failed = 0;
for (const server of servers) {
  const outcome = await capture(server);
  if (typeof outcome === 'string') {
    failed += 1;
    process.stdout.write(`FAILED ${server.id}: ${outcome}\n`);
  } else process.stdout.write(`captured ${server.id}: ${outcome.tools} tools\n`);
}
index.comment =
  'The security corpus: what each published server of scripts/corpus/manifest.json listed, captured by scripts/corpus/capture.mjs as a loupe.snapshot/1 file (replayable with `loupe replay <file>`).';
index.installedIn = corpusDirectory();
// Formatted as the repository formats JSON (prettier), so a re-capture changes only what changed.
const prettier = await import('prettier');
writeFileSync(
  indexFile,
  await prettier.format(JSON.stringify(index), {
    ...((await prettier.resolveConfig(indexFile)) ?? {}),
    filepath: indexFile,
  }),
);
const total = index.servers.reduce((sum, entry) => sum + entry.tools, 0);
process.stdout.write(
  `${servers.length - failed} of ${servers.length} captured; the corpus holds ${index.servers.length} servers, ${total} tools (${dirname(indexFile)})\n`,
);
process.exitCode = failed ? 1 : 0;
