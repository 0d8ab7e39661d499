// A snapshot writer that stops mid-write: it streams a first megabyte through the compiled writeFileAtomic,
// says "writing" once that is on disk, and then waits, so the test can kill it with SIGKILL mid-write.
// Usage: node interruptedWriter.mjs <compiled writeSnapshot.js> <destination path>
import { pathToFileURL } from 'node:url';

const [modulePath, destination] = process.argv.slice(2);
const { writeFileAtomic } = await import(pathToFileURL(modulePath).href);

async function* chunks() {
  yield '{"format":"loupe-snapshot","padding":"' + 'x'.repeat(1024 * 1024);
  process.stdout.write('writing\n');
  await new Promise((resolve) => setTimeout(resolve, 10 * 60_000));
  yield '"}';
}

await writeFileAtomic(destination, chunks());
