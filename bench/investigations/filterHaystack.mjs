// The filter as built (lowercase three fields of every item per keystroke) vs a lowercased haystack per item
// built once, over the bench's 10,000 tools and its 50 filter keystrokes. node bench/investigations/filterHaystack.mjs
import { performance } from 'node:perf_hooks';
import { tool } from '../servers/toolShape.mjs';
import { filterKeystrokes } from '../lib/filterScript.mjs';
const items = Array.from({ length: 10000 }, (_, i) => JSON.parse(JSON.stringify(tool(i))));
function text(item, field) { const v = item[field]; return typeof v === 'string' ? v.toLowerCase() : ''; }
function filterItems(items, query, fields = ['name', 'title', 'description']) {
  const needle = query.trim().toLowerCase(); const out = [];
  for (let i = 0; i < items.length; i++) if (needle === '' || fields.some((f) => text(items[i], f).includes(needle))) out.push(i);
  return out;
}
const hay = (items) => items.map((it) => ['name', 'title', 'description'].map((f) => (typeof it[f] === 'string' ? it[f] : '')).join('\n').toLowerCase());
function filterHay(h, query) { const needle = query.trim().toLowerCase(); const out = []; for (let i = 0; i < h.length; i++) if (needle === '' || h[i].includes(needle)) out.push(i); return out; }
const queries = filterKeystrokes(10000, 50).map((k) => k.query);
for (let r = 0; r < 4; r++) {
  let t = performance.now(); for (const q of queries) filterItems(items, q); const a = (performance.now() - t) / queries.length;
  t = performance.now(); const h = hay(items); const build = performance.now() - t;
  t = performance.now(); for (const q of queries) filterHay(h, q); const b = (performance.now() - t) / queries.length;
  console.log(`as built ${a.toFixed(2)} ms/keystroke; precomputed haystack ${b.toFixed(2)} ms/keystroke (built once in ${build.toFixed(1)} ms)`);
}
