// Preloaded into a CLI run by test/cli/startupModules.test.ts (NODE_OPTIONS=--import <this>, so the servers the CLI
// starts inherit it and are left alone: only bin/loupe.js is traced): at exit it
// writes to $LOUPE_MODULE_TRACE what the run loaded, as JSON lines the test reads back:
//   {"esm": url}       every ES module (moduleTraceHooks.mjs, on Node's loader thread, appends these itself)
//   {"cjs": filename}  every CommonJS module in the require cache (ajv loads through it)
//   {"builtin": name}  every Node built-in the process loaded (process.moduleLoadList: "NativeModule https")
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const out = process.env.LOUPE_MODULE_TRACE;
if (!out) throw new Error('LOUPE_MODULE_TRACE is not set');
if (/[\\/]bin[\\/]loupe\.js$/.test(process.argv[1] ?? '')) trace(out);

function trace(out) {
  register(new URL('./moduleTraceHooks.mjs', import.meta.url), { data: { out } });
  process.on('exit', () => {
    const lines = [];
    for (const filename of Object.keys(Module._cache)) lines.push(JSON.stringify({ cjs: filename }));
    if (!Array.isArray(process.moduleLoadList))
      lines.push(JSON.stringify({ error: 'process.moduleLoadList is gone' }));
    for (const entry of process.moduleLoadList ?? []) {
      const builtin = /^NativeModule (.+)$/.exec(entry)?.[1];
      if (builtin && !builtin.startsWith('internal/')) lines.push(JSON.stringify({ builtin }));
    }
    appendFileSync(out, `${lines.join('\n')}\n`);
  });
}
