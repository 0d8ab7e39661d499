// Where `loupe test`'s run loop spends its time: a collection of 1,000 echo steps (two assertions each) against
// the demo server, run 5 times in one process after a warm-up. Run with
//   node --cpu-prof --cpu-prof-dir /tmp/prof bench/investigations/collectionProfile.mjs   (needs npm run build:node)
// and read the .cpuprofile with bench/investigations/cpuprofileTop.mjs.
/* global performance */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConnect, outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

const { runCollection } = await import(
  pathToFileURL(join(outNode, 'core', 'collections', 'runCollection.js')).href
);
const { parseCollection } = await import(
  pathToFileURL(join(outNode, 'core', 'collections', 'parseCollection.js')).href
);
const connect = await loadConnect();
const calls = 1000;
const collection = parseCollection(echoCollectionText(calls, 'profile'), 'p.json');
for (let round = 0; round < 6; round += 1) {
  const session = await connect(
    { transport: 'stdio', command: process.execPath, args: [join(outNode, 'demo', 'server.js')] },
    {},
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await runCollection(collection, session, { baseDirectory: outNode });
  const used = process.cpuUsage(cpu);
  console.log(
    `round ${round}: ${(performance.now() - started).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, ${report.counts.passed} passed`,
  );
  await session.close();
}
