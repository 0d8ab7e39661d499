#!/usr/bin/env node
// A conformance client that never looks at the scenario's name (one exception, below): it does what a user of the
// CLI does with a server they have just been given, the same steps for every scenario, against the URL the runner
// appends as the last argument:
//
//   1. loupe list --json                       the tools, and the server's capabilities
//   2. loupe list --kind resources / prompts   when the server declared them, then, as a user looking at each:
//      loupe read <uri> --json                 each listed resource
//      loupe prompt <name> --json --args <…>   each listed prompt (its required arguments as plain strings)
//      loupe list --kind skills --json         when it declared io.modelcontextprotocol/skills
//      loupe skills get <uri> --verify         for each listed skill, only when the user means to load skills (below)
//   3. loupe lint                              (its exit code reports findings, so it is not judged)
//   4. loupe call <tool> --json --args <…>     every listed tool: the arguments the runner's context gives for it
//                                              (MCP_CONFORMANCE_CONTEXT toolCalls), else ones built from its
//                                              inputSchema (defaults, enums, then one plain value per type)
//
// Every command gets --input defaults (a user who lets Loupe answer the server's questions with the schema's
// defaults; it also makes Loupe declare elicitation, sampling and roots) and the protocol of
// LOUPE_CONFORMANCE_PROTOCOL (auto|modern|legacy; default: no flag, the CLI's own auto).
//
// Skills: loading a skill is a user's decision, not something a server's listing can tell a client. SEP-2640 says
// a host MUST NOT read a skill's files ahead of need (the suite's sep-2640-client-no-prefetch fails any read at
// all) and MUST verify the files it reads (the three sep-2640-client-verify-* scenarios need SKILL.md read, then
// no further file). The four serve the same listing, so no client can tell them apart on the wire, and this one
// does not try: LOUPE_CONFORMANCE_SKILLS=load says the user asked to load every listed skill (step 2 then runs
// `skills get --verify`); absent (or `browse`), the user only looks at the listing, and Loupe reads no file. The
// test chooses the user's intent per case, says so, and runs each skills scenario under both intents.
//
// The exception the suite documents: json-schema-2020-12-preservation's echo tool must be sent the focal tool's
// inputSchema exactly as listed; nothing in the listing says so, so that one scenario is named.
//
// LOUPE_CONFORMANCE_RECORD: a file to append one JSON line per loupe command ({ args, code, stderr }).
// Exit code: 1 when any command but lint failed (a call whose failure is the server's own answer excepted: see
// serversAnswer), else 0.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const url = process.argv.at(-1);
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
const loupe = fileURLToPath(new URL('../../bin/loupe.js', import.meta.url));
const protocol = process.env.LOUPE_CONFORMANCE_PROTOCOL;
const loadSkills = process.env.LOUPE_CONFORMANCE_SKILLS === 'load';
const failures = [];

/** Runs `loupe <args> --input defaults [--protocol p] --url <url>`; resolves with its exit code and stdout. */
function run(args) {
  const full = [...args, '--input', 'defaults', ...(protocol ? ['--protocol', protocol] : []), '--url', url];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [loupe, ...full], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (code, signal) => {
      const exit = code ?? (signal ? 1 : 0);
      process.stderr.write(`conformance client: loupe ${full.join(' ')} → ${exit}\n${stderr}`);
      if (process.env.LOUPE_CONFORMANCE_RECORD) {
        appendFileSync(
          process.env.LOUPE_CONFORMANCE_RECORD,
          `${JSON.stringify({ args, code: exit, stderr })}\n`,
        );
      }
      resolve({ code: exit, stdout });
    });
  });
}

async function step(args, judged = true) {
  const result = await run(args);
  if (judged && result.code !== 0)
    failures.push(`loupe ${args.slice(0, 2).join(' ')} exited with ${result.code}`);
  return result;
}

function json(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A value that fits a JSON Schema: its default, its first enum value or example, else a plain one of its type. */
function sample(schema) {
  if (!schema || typeof schema !== 'object') return 'x';
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return argumentsFor(schema);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Arguments for an inputSchema: every required property, sampled. */
function argumentsFor(schema) {
  const properties = schema && typeof schema.properties === 'object' ? schema.properties : {};
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return Object.fromEntries(required.map((name) => [name, sample(properties[name])]));
}

/**
 * A failed call, read or get that is the server's answer, not Loupe's failure: the tool's own isError result, or the server
 * refusing tools/call with a JSON-RPC error (a scenario server that lists a tool it does not run). Loupe's own
 * refusals (invalid-tool-header…), timeouts and malformed answers are failures.
 */
function serversAnswer(output) {
  if (output?.isError === true) return true;
  return output?.error?.kind === 'method-not-found' || output?.error?.kind === 'rpc-error';
}

const listed = await step(['list', '--json']);
const document = json(listed.stdout);
if (!document) failures.push('loupe list --json printed no JSON');
const capabilities = document?.capabilities ?? {};
const tools = Array.isArray(document?.items) ? document.items : [];

/** A step whose failure may be the server's own answer (see serversAnswer); any other failure is Loupe's. */
async function answered(args, what) {
  const result = await step(args, false);
  if (result.code !== 0 && !serversAnswer(json(result.stdout))) failures.push(`${what} exited with ${result.code}`);
}

if (capabilities.resources) {
  const resources = json((await step(['list', '--kind', 'resources', '--json'])).stdout);
  for (const item of resources?.items ?? [])
    if (typeof item.uri === 'string') await answered(['read', item.uri, '--json'], `loupe read ${item.uri}`);
}
if (capabilities.prompts) {
  const prompts = json((await step(['list', '--kind', 'prompts', '--json'])).stdout);
  for (const item of prompts?.items ?? []) {
    if (typeof item.name !== 'string') continue;
    const required = (Array.isArray(item.arguments) ? item.arguments : []).filter((argument) => argument?.required);
    const args = Object.fromEntries(required.map((argument) => [argument.name, 'x']));
    await answered(['prompt', item.name, '--json', '--args', JSON.stringify(args)], `loupe prompt ${item.name}`);
  }
}
if (capabilities.extensions?.['io.modelcontextprotocol/skills']) {
  const skills = json((await step(['list', '--kind', 'skills', '--json'])).stdout);
  if (loadSkills) for (const item of skills?.items ?? []) await step(['skills', 'get', item.uri, '--verify']);
}
if (document) await step(['lint'], false);

for (const tool of tools) {
  const given = (context.toolCalls ?? []).find((toolCall) => toolCall.name === tool.name);
  let args = given ? given.arguments : argumentsFor(tool.inputSchema);
  if (
    process.env.MCP_CONFORMANCE_SCENARIO === 'json-schema-2020-12-preservation' &&
    tool.name === 'json_schema_echo'
  ) {
    args = { schema: tools.find((other) => other.name === 'json_schema_2020_12_tool')?.inputSchema };
  }
  await answered(['call', tool.name, '--json', '--args', JSON.stringify(args ?? {})], `loupe call ${tool.name}`);
}

for (const failure of failures) process.stderr.write(`conformance client: ${failure}\n`);
process.exit(failures.length > 0 ? 1 : 0);
