#!/usr/bin/env node
// The conformance runner's client: `conformance client --command "<node> test/conformance/client.mjs"` appends the
// scenario server's URL as the last argument and sets MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION
// (the spec revision the scenario runs at) and, for some scenarios, MCP_CONFORMANCE_CONTEXT (JSON). Each scenario
// maps to ordinary `loupe` commands against that URL, so the CLI itself is what is tested. What each scenario
// checks and why each command is here: test/conformance/SCENARIOS.md.
//
// The protocol flag: scenarios at 2026-07-28 run loupe with `--protocol modern`; 2025-era scenarios run it
// with no flag (the CLI's default, `auto` once it speaks both eras). LOUPE_CONFORMANCE_PROTOCOL overrides
// both: auto|modern|legacy to pass that value, none to pass no flag.
//
// Exit code: 1 when a command that should succeed failed, or a command that must be refused was not; else 0.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authContextFlags } from './authContext.mjs';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const revision = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '';
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
const loupe = fileURLToPath(new URL('../../bin/loupe.js', import.meta.url));

function protocolFlag() {
  const chosen = process.env.LOUPE_CONFORMANCE_PROTOCOL ?? (revision === '2026-07-28' ? 'modern' : 'none');
  return chosen === 'none' ? [] : ['--protocol', chosen];
}

/** Runs `loupe <args> --url <url>`, echoing its output; resolves with its exit code and stdout. */
function run(args) {
  const full = [...args, ...protocolFlag(), '--url', url];
  process.stderr.write(
    `conformance client: loupe ${full.map((part) => (/[\s"'{}]/.test(part) ? JSON.stringify(part) : part)).join(' ')}\n`,
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [loupe, ...full], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    // loupe's stderr, echoed; also kept in LOUPE_CONFORMANCE_LOG when set (the runner shows a client's output only
    // when it fails, and a test wants to see why loupe refused).
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      process.stderr.write(chunk);
      if (process.env.LOUPE_CONFORMANCE_LOG) appendFileSync(process.env.LOUPE_CONFORMANCE_LOG, chunk);
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout }));
  });
}

const failures = [];

/** A command that must succeed. */
async function must(args) {
  const result = await run(args);
  if (result.code !== 0) failures.push(`loupe ${args[0]} ${args[1] ?? ''} exited with ${result.code}`);
  return result;
}

/** A command that must be refused (non-zero exit, nothing called). */
async function refused(args) {
  const result = await run(args);
  if (result.code === 0) failures.push(`loupe ${args.join(' ')} succeeded but must be refused`);
}

/** A command whose exit code reports findings, not failure (lint). */
async function anyExit(args) {
  await run(args);
}

const call = (tool, args) =>
  args === undefined ? ['call', tool] : ['call', tool, '--args', JSON.stringify(args)];

/** Arguments that fit each invalid tool of http-invalid-tool-headers, so only the x-mcp-header can stop the call. */
const invalidToolArguments = {
  invalid_empty_header: { value: 'x' },
  invalid_object_header: { data: { a: 1 } },
  invalid_array_header: { items: ['a'] },
  invalid_null_header: { nil: null },
  invalid_number_header: { score: 1.5 },
  invalid_duplicate_same_case: { field1: 'a', field2: 'b' },
  invalid_duplicate_diff_case: { field1: 'a', field2: 'b' },
  invalid_space_in_name: { value: 'x' },
  invalid_colon_in_name: { value: 'x' },
  invalid_non_ascii_name: { value: 'x' },
  invalid_control_char_name: { value: 'x' },
};

const plans = {
  // 2025-11-25: initialize (protocolVersion, clientInfo), then tools/list.
  initialize: async () => must(['list']),
  // add_numbers with two numbers (2025-11-25: the SDK's stateful server; 2026-07-28: the stateless mock).
  tools_call: async () => must(call('add_numbers', { a: 5, b: 7 })),
  // 2025-11-25: the server asks elicitation/create during the call; the client accepts with the schema defaults.
  'elicitation-sep1034-client-defaults': async () =>
    must([...call('test_client_elicitation_defaults'), '--input', 'defaults']),
  // 2025-11-25: the server closes the call's SSE stream; the client must reconnect after `retry` ms with Last-Event-ID.
  'sse-retry': async () => must(call('test_reconnection')),
  // 2026-07-28: every request carries the version header and _meta; the first is refused with -32022 and retried.
  'request-metadata': async () => must(['list']),
  // 2026-07-28 MRTR: echo requestState untouched, omit it when absent, keep other calls clean, default resultType.
  'sep-2322-client-request-state': async () => {
    await must([...call('test_mrtr_echo_state'), '--input', 'defaults']);
    await must([...call('test_mrtr_no_state'), '--input', 'defaults']);
    await must(call('test_mrtr_unrelated'));
    await must(call('test_mrtr_no_result_type'));
  },
  // 2026-07-28: Mcp-Method on every POST, Mcp-Name on tools/call (resources/read and prompts/get have no CLI command).
  'http-standard-headers': async () => {
    await must(['list']);
    await must(call('test_headers'));
    await must(call('my-hyphenated-tool'));
    await must(['list', '--kind', 'resources']);
    await must(['list', '--kind', 'prompts']);
  },
  // 2026-07-28: x-mcp-header parameters mirrored into Mcp-Param-* headers, encoded; the calls come from the context.
  'http-custom-headers': async () => {
    for (const toolCall of context.toolCalls ?? []) await must(call(toolCall.name, toolCall.arguments));
  },
  // 2026-07-28: tools with invalid x-mcp-header are excluded: valid_tool is called, every invalid one is refused.
  'http-invalid-tool-headers': async () => {
    await must(['list']);
    await must(call('valid_tool', { region: 'us-west1' }));
    for (const [tool, args] of Object.entries(invalidToolArguments)) await refused(call(tool, args));
  },
  // 2026-07-28: listing (and linting) a tool whose inputSchema $refs a network URL must not fetch it.
  'json-schema-ref-no-deref': async () => {
    await must(['list', '--json']);
    await anyExit(['lint']);
  },
  // 2025-11-25: the focal tool's inputSchema, as listed, is sent back verbatim to json_schema_echo.
  'json-schema-2020-12-preservation': async () => {
    const listed = await must(['list', '--json']);
    let schema;
    try {
      schema = JSON.parse(listed.stdout).items?.find(
        (tool) => tool.name === 'json_schema_2020_12_tool',
      )?.inputSchema;
    } catch {
      failures.push('loupe list --json did not print JSON');
    }
    if (schema === undefined) failures.push('json_schema_2020_12_tool is not in loupe list --json');
    else await must(call('json_schema_echo', { schema }));
  },
};

// auth/*: each command signs in with --auth-non-interactive (Loupe GETs the authorization URL and follows the
// redirect to its loopback receiver, as the suite's authorization servers grant without a user); tokens go to a
// store of this run only. Scenarios that must be refused (allowClientError in the suite) must make loupe fail.
let authStore;
const signedIn = (args, ...extra) => {
  authStore ??= mkdtempSync(join(tmpdir(), 'loupe-auth-'));
  return [
    ...args,
    '--auth-non-interactive',
    '--auth-store',
    authStore,
    ...authContextFlags(context, authStore),
    ...extra,
  ];
};
const authSucceeds = [
  'metadata-default',
  'metadata-var1',
  'metadata-var2',
  'metadata-var3',
  'scope-from-www-authenticate',
  'scope-from-scopes-supported',
  'scope-omitted-when-undefined',
  'token-endpoint-auth-basic',
  'token-endpoint-auth-post',
  'token-endpoint-auth-none',
  '2025-03-26-oauth-metadata-backcompat',
  '2025-03-26-oauth-endpoint-fallback',
  'offline-access-scope',
  'offline-access-not-supported',
  'authorization-server-migration',
  'iss-supported',
  'iss-not-advertised',
  // the extension sign-ins: their credentials come from the context (authContext.mjs), the grant and DPoP Loupe finds
  'client-credentials-jwt',
  'client-credentials-basic',
  'enterprise-managed-authorization',
  'wif-jwt-bearer',
  'dpop',
  'dpop-nonce',
];
const authRefused = [
  'scope-retry-limit',
  'resource-mismatch',
  'iss-supported-missing',
  'iss-wrong-issuer',
  'iss-unexpected',
  'iss-normalized',
  'metadata-issuer-mismatch',
];
for (const name of authSucceeds) plans[`auth/${name}`] = async () => must(signedIn(['list']));
for (const name of authRefused) plans[`auth/${name}`] = async () => refused(signedIn(['list']));
// The client's metadata document URL is the one the suite expects a client to publish.
plans['auth/basic-cimd'] = async () =>
  must(signedIn(['list'], '--client-metadata-url', 'https://conformance-test.local/client-metadata.json'));
// tools/list needs mcp:basic, tools/call mcp:write: the call steps up with the union of both.
plans['auth/scope-step-up'] = async () => must(signedIn(call('test-tool')));
// No dynamic registration: the credentials the suite registered beforehand come in the context (authContext.mjs).
plans['auth/pre-registration'] = async () => must(signedIn(['list']));

const plan = plans[scenario];
if (!url || !plan) {
  process.stderr.write(
    `conformance client: unknown scenario "${scenario}" or no URL (known: ${Object.keys(plans).join(', ')})\n`,
  );
  process.exit(2);
}
try {
  await plan();
} finally {
  if (authStore) rmSync(authStore, { recursive: true, force: true });
}
for (const failure of failures) process.stderr.write(`conformance client: ${failure}\n`);
process.exit(failures.length > 0 ? 1 : 0);
