#!/usr/bin/env node
// The second CI run (.ci/run): the whole of `npm test` (scripts/testAll.mjs: typecheck, lint, build, vitest's
// node and renderer projects, the Chromium e2e) again under Node 24, the current LTS, beside the machine's Node.
// Every tool, test worker, test server and the e2e host process then run on Node 24: testAll starts each tool
// with this node, and this node's directory goes first on PATH for what is started as `node` or `npx`. Its
// reports are test-results/vitest-node24.json and e2e-node24.json (LOUPE_TEST_LABEL=node24), so the first
// run's stay. Its last line: "node24: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const fail = (reason) => {
  process.stdout.write(`node24: ${reason}\nnode24: 0 passed, 1 failed, 0 skipped\n`);
  process.exit(1);
};

if (!process.version.startsWith('v24.')) fail(`this is Node ${process.version}, not 24`);

const testAll = fileURLToPath(new URL('./testAll.mjs', import.meta.url));
const child = spawnSync(process.execPath, [testAll], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LOUPE_TEST_LABEL: 'node24',
    PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
  },
});
if (child.error) fail(`could not run ${testAll}: ${child.error.message}`);
process.exit(child.status ?? 1);
