/** The doctor's advice on failed tool calls, over real servers (test/servers/callFaults.mjs, statusHttp.mjs). */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from '../../../src/core/calls/callTool.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import type { DialTarget, McpSession } from '../../../src/core/types.js';
import { LoupeError, type LoupeErrorData } from '../../../src/shared/errors.js';
import type { JsonObject } from '../../../src/shared/json.js';
import {
  callFaultsServer,
  faultServer,
  startPrintingUrl,
  type RunningHttpServer,
} from '../../helpers/servers.js';

const statusHttp = fileURLToPath(new URL('../../servers/statusHttp.mjs', import.meta.url));
const sessions: McpSession[] = [];
const servers: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function open(
  target: DialTarget = callFaultsServer(),
): Promise<{ session: McpSession; tools: JsonObject[] }> {
  const session = await connect(target, { timeoutMs: 5_000, protocol: 'legacy' });
  sessions.push(session);
  const listing = await walkList(session, 'tools');
  return { session, tools: listing.items };
}

/** The call's rejection as error data (the test fails if the call succeeds). */
async function failure(
  session: McpSession,
  tools: JsonObject[],
  tool: string,
  args: JsonObject = {},
  timeoutMs?: number,
): Promise<LoupeErrorData> {
  const error = await callTool(
    session,
    { tool, arguments: args, ...(timeoutMs ? { timeoutMs } : {}) },
    tools,
  ).then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(LoupeError);
  return (error as LoupeError).detail;
}

describe('the doctor on failed tool calls', () => {
  it('-32602 invalid params: the server refused the arguments, quoting it and the arguments sent', async () => {
    const { session, tools } = await open();
    const error = await failure(session, tools, 'strict', { count: 'three' });
    expect(error.kind).toBe('rpc-error');
    expect(error.code).toBe(-32602);
    expect(error.doctor?.likelyCause).toBe(
      'The server refused the arguments (-32602 Invalid params): they do not match what “strict” expects. It said: “Invalid params: count must be an integer”.',
    );
    expect(error.doctor?.nextStep).toContain('Compare the arguments with the tool’s inputSchema');
    expect(error.doctor?.evidence).toContain('arguments sent: {"count":"three"}');
  });

  it('an unusable inputSchema: names the tool and lint’s reason, and a call to it fails with that advice', async () => {
    const { session, tools } = await open();
    const error = await failure(session, tools, 'bad_schema', { anything: 1 });
    expect(error.code).toBe(-32602);
    expect(error.doctor?.likelyCause).toContain(
      'The tool “bad_schema” has an unusable inputSchema — Tool "bad_schema" has an inputSchema with type "string"; the spec requires type "object".',
    );
    expect(error.doctor?.nextStep).toContain('send the arguments as raw JSON');
    expect(error.doctor?.evidence[0]).toBe('inputSchema: {"type":"string"}');
  });

  it('a stale list: the tools changed without list_changed, and a listed tool is now unknown', async () => {
    const { session, tools } = await open();
    expect(tools.map((tool) => tool.name)).toContain('strict');
    const reshuffled = await callTool(session, { tool: 'reshuffle' }, tools);
    expect(reshuffled.isError).toBe(false);
    const error = await failure(session, tools, 'strict', { count: 1 });
    expect(error.code).toBe(-32602);
    expect(error.doctor?.likelyCause).toBe(
      'The tool list is stale: the server listed “strict” but now says it does not know it — it changed its tools after Loupe listed them. It sent no notifications/tools/list_changed since the listing.',
    );
    expect(error.doctor?.nextStep).toBe(
      'Re-list the tools (Re-list above the tool list in the app, or loupe list) and call again with a name from the new list. The server should send notifications/tools/list_changed whenever its tools change (it declared tools.listChanged).',
    );
    expect(error.doctor?.evidence).toEqual([
      'server said: Unknown tool: strict',
      expect.stringMatching(/^listed: 7 tools, “strict” among them \(last tools\/list at frame #\d+\)$/),
      'notifications/tools/list_changed since the listing: none',
      'stderr: call faults: started',
    ]);
    const relisted = await walkList(session, 'tools');
    expect(relisted.items.map((tool) => tool.name)).toContain('newcomer');
  });

  it('a stale list after list_changed: the server announced the change, the listing shown is older', async () => {
    const { session, tools } = await open(faultServer('--tools', '3'));
    await callTool(session, { tool: 'trigger_list_changed' }, tools);
    const outcome = await callTool(session, { tool: 'tool_0001' }, tools);
    expect(outcome.isError).toBe(true);
    expect(outcome.doctor?.likelyCause).toBe(
      'The tool list is stale: the server listed “tool_0001” but now says it does not know it — it changed its tools after Loupe listed them. It has sent notifications/tools/list_changed since, so the listing shown is older than its tools.',
    );
    expect(outcome.doctor?.nextStep).toBe(
      'Re-list the tools (Re-list above the tool list in the app, or loupe list) and call again with a name from the new list.',
    );
    expect(outcome.doctor?.evidence).toContain('notifications/tools/list_changed since the listing: yes');
  });

  it('a tool the listing lacks: not among the tools listed', async () => {
    const { session, tools } = await open();
    const error = await failure(session, tools, 'newcomer');
    expect(error.doctor?.likelyCause).toMatch(
      /^“newcomer” is not among the 7 tools the server listed: a typo, or a tool/,
    );
    expect(error.doctor?.nextStep).toMatch(
      /^Check the name against the listing; if the server added the tool since, re-list/,
    );
  });

  it('a tool error saying the tool is not found (the SDK’s way) carries the stale-list advice on the outcome', async () => {
    const { session, tools } = await open();
    const outcome = await callTool(session, { tool: 'vanished' }, tools);
    expect(outcome.isError).toBe(true);
    expect(outcome.doctor?.likelyCause).toContain('The tool list is stale: the server listed “vanished”');
    expect(outcome.doctor?.evidence[0]).toBe(
      'the tool error said: MCP error -32602: Tool vanished not found',
    );
    const fine = await callTool(session, { tool: 'echo', arguments: { text: 'hi' } }, tools);
    expect(fine.doctor).toBeUndefined();
  });

  it('the server gone mid-call: its exit code and last stderr line', async () => {
    const { session, tools } = await open();
    const error = await failure(session, tools, 'crash');
    expect(error.kind).toBe('server-exited');
    expect(error.doctor?.likelyCause).toBe(
      'The server process exited with code 5 while “crash” was running: the call crashed it.',
    );
    expect(error.doctor?.evidence).toEqual(
      expect.arrayContaining(['exit code: 5', 'stderr: call faults: crashing in crash']),
    );
  });

  it('a timeout: the tool did not answer within the timeout and the call was cancelled', async () => {
    const { session, tools } = await open();
    const error = await failure(session, tools, 'hang', {}, 400);
    expect(error.kind).toBe('timeout');
    expect(error.doctor?.likelyCause).toBe(
      '“hang” did not answer within 400 ms, and sent no progress meanwhile; Loupe stopped waiting and sent notifications/cancelled.',
    );
    // A setting that exists in each: the CLI flag, and the app's per-connection field (there is no "Settings").
    expect(error.doctor?.nextStep).toMatch(
      /^For a slow tool raise the timeout: --timeout <ms> in the CLI, “Request timeout \(ms\)” in the app’s connection form;/,
    );
    expect(error.doctor?.nextStep).not.toContain('Settings');
  });

  it('-32601 for tools/call: the server does not handle tool calls', async () => {
    const { session, tools } = await open(callFaultsServer('--no-call'));
    const error = await failure(session, tools, 'echo', { text: 'x' });
    expect(error.kind).toBe('method-not-found');
    expect(error.doctor?.likelyCause).toContain('answered tools/call with -32601 Method not found');
    expect(error.doctor?.evidence).toContain('server said: Method not found: tools/call');
  });

  it('an HTTP status mid-session (500): the server failed handling the call', async () => {
    const server = await startPrintingUrl([statusHttp, '--call-status', '500'], 'http', 'call status');
    servers.push(server);
    const { session, tools } = await open({ transport: 'http', url: server.url });
    const error = await failure(session, tools, 'anything');
    expect(error.kind).toBe('http-error');
    expect(error.code).toBe(500);
    expect(error.doctor?.likelyCause).toBe(
      'The server answered the call with HTTP 500 instead of a JSON-RPC response: it failed while handling it.',
    );
    expect(error.doctor?.evidence).toContain(`POST ${server.url} → HTTP 500`);
  });

  it('the connection dropped mid-call (HTTP): the server closed it without answering', async () => {
    const server = await startPrintingUrl([statusHttp, '--call-drop'], 'http', 'call drop');
    servers.push(server);
    const { session, tools } = await open({ transport: 'http', url: server.url });
    const error = await failure(session, tools, 'anything');
    expect(error.kind).toBe('transport-error');
    expect(error.doctor?.likelyCause).toBe(
      'The connection broke while “anything” was running: the server (or a proxy in front of it) closed it without answering — it crashed, restarted, or dropped the request.',
    );
    expect(error.doctor?.evidence[0]).toMatch(
      /^transport: Request to http:\/\/127\.0\.0\.1:\d+\/mcp failed: fetch failed: other side closed$/,
    );
  });

  it('an expired session: HTTP 404 to the call carrying Mcp-Session-Id', async () => {
    const server = await startPrintingUrl([statusHttp, '--expire-session'], 'http', 'expiring');
    servers.push(server);
    const session = await connect(
      { transport: 'http', url: server.url },
      { timeoutMs: 3_000, protocol: 'legacy' },
    );
    sessions.push(session);
    const error = await failure(session, [], 'anything');
    expect(error.code).toBe(404);
    expect(error.doctor?.likelyCause).toContain('no longer knows this session');
    expect(error.doctor?.nextStep).toBe('Connect again: a new session starts with a new initialize.');
  });
});
