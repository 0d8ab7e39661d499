// Sums a .cpuprofile's samples by what the process was doing (startupTimeline.mjs --cpu-prof): idle, garbage
// collection, loading modules (resolving, reading, compiling: the stack's deepest user-code frame is above Node's
// module loader), running a module's top level (the deepest frame is user code the loader called), or running code
// (no loader on the stack), each by the package of the deepest user-code frame.

const isLoader = (url) => url.startsWith('node:internal/modules/');
const isUser = (url) => url !== '' && !url.startsWith('node:');

/** Lines of text: the activities, then the packages, heaviest first, in ms and share of the samples. */
export function summarizeProfile(profile, packageOf) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const activities = new Map();
  const add = (key, micros) => activities.set(key, (activities.get(key) ?? 0) + micros);
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    total += micros;
    const leaf = byId.get(id).callFrame;
    if (leaf.functionName === '(idle)') return add('idle (waiting on the server, a timer or I/O)', micros);
    if (leaf.functionName === '(garbage collector)') return add('garbage collection', micros);
    if (leaf.functionName === '(program)') return add('(program): V8 and Node outside JS', micros);
    let user;
    let loader = false;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at).callFrame.url;
      if (isLoader(url)) {
        loader = true;
        break;
      }
      if (user === undefined && isUser(url)) user = url;
    }
    if (loader && user === undefined) return add('module loading: resolve, read, compile', micros);
    if (loader) return add(`module top-level code: ${packageOf(user)}`, micros);
    add(user === undefined ? 'running: node internals' : `running: ${packageOf(user)}`, micros);
  });
  const lines = [`  ${(total / 1000).toFixed(0)} ms sampled`];
  for (const [key, micros] of [...activities].sort((a, b) => b[1] - a[1])) {
    if (micros < 1000) continue;
    lines.push(
      `  ${(micros / 1000).toFixed(0).padStart(6)} ms ${((100 * micros) / total).toFixed(0).padStart(3)}%  ${key}`,
    );
  }
  return lines;
}
