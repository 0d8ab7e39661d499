/**
 * `loupe tap --fault …` seen by a client no one here wrote (the SDK 1.x Client) against server-everything: each
 * fault has the effect it names on the real client, and the journal marks it so it is never taken for the server's.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { requireBuild } from '../cli/loupe.js';
import { everythingStdio, failure, journalFrames, sdkClient, tapFiles } from './tapHarness.js';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function tapped(...faults: string[]) {
  const files = tapFiles();
  const { client, errors } = await sdkClient(everythingStdio, files, faults);
  open.push(client);
  const frames = async () => {
    await client.close();
    return journalFrames(files.journal);
  };
  return { client, errors, frames };
}

const echo = (message: string) => ({ name: 'echo', arguments: { message } });

describe('loupe tap fault rules, seen by the SDK 1.x Client', () => {
  beforeAll(() => requireBuild());

  it('delay: the answer arrives, no sooner than the delay, while the messages after it pass; marked as delayed', async () => {
    const { client, frames } = await tapped('in,method=tools/list:delay=1500');
    const asked = performance.now();
    let listedAfter: number | undefined;
    const listing = client.listTools().then((listed) => {
      listedAfter = performance.now() - asked;
      return listed;
    });
    // Asked after the listing, answered before it: the held answer holds nothing behind it.
    expect((await client.callTool(echo('meanwhile'))).content).toEqual([
      { type: 'text', text: 'Echo: meanwhile' },
    ]);
    expect(listedAfter).toBeUndefined();
    const listed = await listing;
    expect(listed.tools.some((tool) => tool.name === 'echo')).toBe(true);
    expect(listedAfter).toBeGreaterThanOrEqual(1500);
    const recorded = await frames();
    const delayed = recorded.find((frame) => frame.fault !== undefined);
    expect(delayed?.fault).toBe('delayed 1500 ms (fault rule 1: in,method=tools/list:delay=1500)');
    expect(delayed?.kind).toBe('response');
    expect(delayed?.raw).toContain('"tools":[');
    // Recorded when it was delivered: after the echo's answer, which passed it.
    const meanwhile = recorded.find(
      (frame) => frame.direction === 'in' && frame.raw.includes('Echo: meanwhile'),
    );
    expect(meanwhile && delayed && meanwhile.seq < delayed.seq).toBe(true);
  });

  it('delay: an answer held past the SDK timeout makes the SDK report a request timeout; marked as not delivered when the connection ends first', async () => {
    const { client, frames } = await tapped('in,method=tools/list:delay=60000');
    const error = await failure(client.listTools({}, { timeout: 300 }));
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    // Other methods pass untouched.
    expect((await client.callTool(echo('still here'))).content).toEqual([
      { type: 'text', text: 'Echo: still here' },
    ]);
    const recorded = await frames();
    const held = recorded.find((frame) => frame.fault?.startsWith('delayed 60000 ms'));
    expect(held?.fault).toContain('not delivered, the connection ended first');
    expect(held?.fault).toContain('fault rule 1: in,method=tools/list:delay=60000');
  });

  it('error: a tools/call of the named tool is answered by the tap with a JSON-RPC error and never reaches the server', async () => {
    const { client, frames } = await tapped('out,tool=echo,nth=2:error=-32050');
    expect((await client.callTool(echo('one'))).content).toEqual([{ type: 'text', text: 'Echo: one' }]);
    const error = await failure(client.callTool(echo('two')));
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32050);
    expect((error as McpError).message).toContain('Injected by loupe tap (fault rule 1)');
    expect((await client.callTool(echo('three'))).content).toEqual([{ type: 'text', text: 'Echo: three' }]);
    const recorded = await frames();
    const withheld = recorded.find((frame) => frame.direction === 'out' && frame.raw.includes('"two"'));
    expect(withheld?.fault).toContain('answered by the tap with an error, not delivered');
    const injected = recorded.find((frame) => frame.kind === 'error');
    expect(injected?.direction).toBe('in');
    expect(injected?.pairSeq).toBe(withheld?.seq);
    expect(injected?.fault).toContain('injected JSON-RPC error -32050');
    // The server answered "one" and "three" only.
    expect(
      recorded
        .filter((frame) => frame.kind === 'response' && frame.raw.includes('Echo: '))
        .map((frame) => /Echo: (\w+)/.exec(frame.raw)?.[1]),
    ).toEqual(['one', 'three']);
  });

  it('corrupt: the SDK reports the unparsable frame as an error and the request goes unanswered', async () => {
    const { client, errors, frames } = await tapped('in,method=tools/list:corrupt');
    const error = await failure(client.listTools({}, { timeout: 1000 }));
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    expect(errors.some((failure) => failure instanceof SyntaxError || /JSON/.test(failure.message))).toBe(
      true,
    );
    const recorded = await frames();
    const bad = recorded.find((frame) => frame.fault?.startsWith('corrupted JSON'));
    expect(bad?.kind).toBe('invalid');
  });

  it('truncate: the frame is cut short, recorded as invalid and marked', async () => {
    const { client, errors, frames } = await tapped('in,method=tools/list:truncate=40');
    await failure(client.listTools({}, { timeout: 1000 }));
    expect(errors.length).toBeGreaterThan(0);
    const recorded = await frames();
    const cut = recorded.find((frame) => frame.fault?.startsWith('truncated to 40 of'));
    expect(cut?.bytes).toBe(40);
    expect(cut?.kind).toBe('invalid');
  });

  it('duplicate: the SDK sees a second answer for an id it no longer waits for', async () => {
    const { client, errors, frames } = await tapped('in,tool=echo:duplicate');
    expect((await client.callTool(echo('twice'))).content).toEqual([{ type: 'text', text: 'Echo: twice' }]);
    await client.ping();
    expect(errors.map((failure) => failure.message).join('\n')).toMatch(/unknown message ID/i);
    const recorded = await frames();
    expect(recorded.filter((frame) => frame.raw.includes('Echo: twice'))).toHaveLength(2);
    expect(recorded.filter((frame) => frame.fault?.startsWith('duplicate'))).toHaveLength(1);
  });

  it('drop: the answer never arrives, the SDK times out', async () => {
    const { client, frames } = await tapped('in,method=tools/list:drop');
    const error = await failure(client.listTools({}, { timeout: 500 }));
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    const recorded = await frames();
    expect(recorded.find((frame) => frame.fault?.startsWith('dropped'))?.raw).toContain('"tools"');
  });

  it('close: the tap ends the connection, the SDK reports it closed', async () => {
    const { client, frames } = await tapped('out,method=tools/list:close');
    const error = await failure(client.listTools());
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.ConnectionClosed);
    const recorded = await frames();
    expect(recorded.find((frame) => frame.method === 'tools/list')?.fault).toContain(
      'not delivered: the tap closed the connection',
    );
  });
});
