// The ESM load hook of moduleTrace.mjs, on Node's loader thread: appends each module's URL as it is loaded.
import { appendFileSync } from 'node:fs';

let out;

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, nextLoad) {
  appendFileSync(out, `${JSON.stringify({ esm: url })}\n`);
  return nextLoad(url, context);
}
