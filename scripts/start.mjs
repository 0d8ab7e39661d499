#!/usr/bin/env node
// `npm start [-- target flags]`: the desktop app, or the browser host where no Electron binary exists.
// `npm run web [-- target flags]`: the browser host always.
// Builds first when out/ is missing or older than the sources. Target flags: --demo (default), --url <url>,
// --transport http|sse|auto, --header "Name: value", --env NAME=value, --cwd <dir>, [--] <command> [args…].
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const webOnly = argv.includes('--web');
const givenArguments = argv.filter((argument) => argument !== '--web');

const outputs = ['out/node/host/main.js', 'out/node/demo/server.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map(
  (path) => join(root, path),
);

function newestSource(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  if (!outputs.every((path) => existsSync(path))) return true;
  const oldestOutput = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  return newestSource(join(root, 'src')) > oldestOutput;
}

function electronBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const executable = process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
  if (override) {
    const path = join(override, executable);
    return existsSync(path) ? path : undefined;
  }
  const dist = join(root, 'node_modules', 'electron', 'dist');
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : executable;
  const path = join(dist, relative);
  return existsSync(path) ? path : undefined;
}

if (buildIsStale()) {
  process.stdout.write('Building Loupe (npm run build)…\n');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
  if (build.status !== 0) {
    process.stderr.write('The build failed: run `npm run build` to see why.\n');
    process.exit(build.status ?? 1);
  }
}

// `npm start -- npx server` arrives without its `--` (npm takes it): the host's parser puts it back, for Electron too.
const { withCommandSeparator } = await import(pathToFileURL(join(root, 'out/node/host/hostArguments.js')).href);
const targetArguments = withCommandSeparator(givenArguments);

const electron = webOnly ? undefined : electronBinary();
let child;
if (electron) {
  child = spawn(electron, ['.', ...targetArguments], { cwd: root, stdio: 'inherit' });
} else {
  if (!webOnly) {
    process.stdout.write(
      'The desktop window needs the Electron binary (fetched on first run with Node 22 and internet access); starting the browser host instead.\n',
    );
  }
  child = spawn(process.execPath, [join(root, 'out/node/host/main.js'), ...targetArguments], { cwd: root, stdio: 'inherit' });
}

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
child.on('error', (error) => {
  process.stderr.write(`Could not start Loupe: ${error.message}\n`);
  process.exit(1);
});
