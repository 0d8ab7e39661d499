// Runs one benchmark section in its own process (scripts/bench.mjs starts it with --expose-gc) and writes
// its figures as JSON to the file named by --out. Progress goes to stderr.
import { writeFileSync } from 'node:fs';

const [section, ...rest] = process.argv.slice(2);
const quick = rest.includes('--quick');
const outIndex = rest.indexOf('--out');
const out = outIndex >= 0 ? rest[outIndex + 1] : undefined;
const log = (line) => process.stderr.write(`  ${line}\n`);

const sections = {
  listing: () => import('./sections/listing.mjs'),
  startup: () => import('./sections/startup.mjs'),
  processes: () => import('./sections/processes.mjs'),
  recording: () => import('./sections/recording.mjs'),
  memory: () => import('./sections/memory.mjs'),
  renderer: () => import('./sections/renderer.mjs'),
  uiScale: () => import('./sections/uiScale.mjs'),
  tap: () => import('./sections/tap.mjs'),
  collection: () => import('./sections/collection.mjs'),
  replay: () => import('./sections/replay.mjs'),
};

let result;
try {
  if (!sections[section]) throw new Error(`unknown section ${section}`);
  const module = await sections[section]();
  result = await module.run({ quick, log });
} catch (error) {
  result = { error: error instanceof Error ? `${error.message}` : String(error) };
  log(`${section} failed: ${result.error}`);
}
const text = `${JSON.stringify(result, null, 2)}\n`;
if (out) writeFileSync(out, text);
else process.stdout.write(text);
process.exit(0);
