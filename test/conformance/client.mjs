#!/usr/bin/env node
// The conformance runner's client: `conformance client --command "node test/conformance/client.mjs"` appends the
// server URL as the last argument and names the scenario in MCP_CONFORMANCE_SCENARIO. Each scenario maps to
// one ordinary `loupe` command against that URL, so the CLI itself is what is tested.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const plans = {
  // initialize, then list the tools.
  initialize: ['list'],
  // list, then call add_numbers with two numbers.
  tools_call: ['call', 'add_numbers', '--args', '{"a":5,"b":7}'],
  // call a tool whose response stream the server closes; the client must resume after the SSE retry delay.
  'sse-retry': ['call', 'test_reconnection'],
};
const plan = plans[scenario];
if (!url || !plan) {
  process.stderr.write(`conformance client: unknown scenario "${scenario}" or no URL (known: ${Object.keys(plans).join(', ')})\n`);
  process.exit(2);
}
const loupe = fileURLToPath(new URL('../../bin/loupe.js', import.meta.url));
const child = spawn(process.execPath, [loupe, ...plan, '--url', url], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
