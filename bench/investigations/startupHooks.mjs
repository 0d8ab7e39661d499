// The ESM load hook of startupTrace.mjs: runs on Node's loader thread and posts each loaded URL to the main thread.
import { performance } from 'node:perf_hooks';
let port;

export function initialize(data) {
  port = data.port;
}

export async function load(url, context, nextLoad) {
  port?.postMessage({ url, epoch: performance.timeOrigin + performance.now() });
  return nextLoad(url, context);
}
