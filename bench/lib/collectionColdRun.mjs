// One cold run of the collection bench's calls, in the process that runs this file: `raw` (the raw JSON-RPC client) or
// `loupe` (parse the echo collection, connect, runCollection), against a fresh demo server, nothing warmed up, as a CI
// job runs `loupe test` once. The contenders are the section's own; run without --expose-gc, their collection before
// the clock does nothing. Prints one JSON line: { ms, cpuMs } of the calls alone (the clock starts after connect).
// Run by bench/sections/collection.mjs: node bench/lib/collectionColdRun.mjs raw|loupe [calls]
import { loupe, raw } from '../sections/collection.mjs';

const [contender, callsArgument] = process.argv.slice(2);
const calls = Number(callsArgument ?? 1000);
if (contender !== 'raw' && contender !== 'loupe')
  throw new Error('usage: collectionColdRun.mjs raw|loupe [calls]');
const { ms, cpuMs } = await (contender === 'raw' ? raw(calls) : loupe(calls));
process.stdout.write(`${JSON.stringify({ ms, cpuMs })}\n`);
