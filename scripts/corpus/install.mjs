#!/usr/bin/env node
// Installs each server of manifest.json, at its exact version, into its own folder under the corpus directory
// (default /work/corpus, or LOUPE_CORPUS_DIR): <dir>/<id>/node_modules/<package>. Outside the repository: the
// servers' code is never committed, only what capture.mjs records. Install scripts are not run (--ignore-scripts: no
// browser downloads, nothing run at install time). Already installed ids are skipped.
//
//   node scripts/corpus/install.mjs [id…]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDirectory, manifest } from './manifest.mjs';

const wanted = process.argv.slice(2);
const servers = manifest().servers.filter((server) => wanted.length === 0 || wanted.includes(server.id));
const root = corpusDirectory();
mkdirSync(root, { recursive: true });

function installed(server) {
  const file = join(root, server.id, 'node_modules', server.package, 'package.json');
  return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === server.version;
}

function install(server) {
  const prefix = join(root, server.id);
  mkdirSync(prefix, { recursive: true });
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        '--loglevel=error',
        `${server.package}@${server.version}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const queue = servers.filter((server) => !installed(server));
let failed = 0;
// Two at a time: npm is mostly waiting on the registry, and the machine is shared.
await Promise.all(
  [0, 1].map(async () => {
    for (let server = queue.shift(); server; server = queue.shift()) {
      const { code, stderr } = await install(server);
      if (code === 0 && installed(server)) process.stdout.write(`installed ${server.id} ${server.version}\n`);
      else {
        failed += 1;
        process.stdout.write(`FAILED ${server.id}: ${stderr.trim().split('\n').slice(-3).join(' | ')}\n`);
      }
    }
  }),
);
process.stdout.write(
  `${servers.length - failed} of ${servers.length} installed in ${root}${failed ? `, ${failed} failed` : ''}\n`,
);
process.exitCode = failed ? 1 : 0;
