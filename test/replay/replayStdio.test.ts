/**
 * A real session with server-everything over stdio (calls, a resource read, a prompt, progress, the list_changed it
 * sends on connecting), recorded with `loupe snapshot --calls`, replayed with `loupe replay <file>` and driven by
 * clients no one here wrote: the official SDK 1.x Client and the official Inspector CLI. Their results equal the
 * recorded ones; Loupe's frames against the replay equal the recorded frames byte for byte, ids aside.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { everythingServer, loupeBin, requireBuild } from '../cli/loupe.js';
import { messages, record, recordedAnswer, scratch, type PlannedRequest } from './recordings.js';

const execFileAsync = promisify(execFile);

const echo = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello replay' } } };
const sum = { method: 'tools/call', params: { name: 'get-sum', arguments: { a: 2, b: 40 } } };
const read = { method: 'resources/read', params: { uri: 'demo://resource/static/document/architecture.md' } };
const prompt = {
  method: 'prompts/get',
  params: { name: 'args-prompt', arguments: { city: 'Utrecht', state: 'UT' } },
};
const longRunning = {
  method: 'tools/call',
  params: {
    name: 'trigger-long-running-operation',
    arguments: { duration: 1, steps: 2 },
    _meta: { progressToken: 'p1' },
  },
};
const calls: PlannedRequest[] = [echo, sum, read, prompt, longRunning];

let directory: string;
let file: string;
let recorded: Snapshot;

beforeAll(async () => {
  requireBuild();
  directory = scratch();
  ({ file, snapshot: recorded } = await record(directory, 'everything-stdio', calls, [
    '--',
    process.execPath,
    everythingServer,
    'stdio',
  ]));
}, 90_000);

async function sdkClient(flags: string[] = []): Promise<{ client: Client; received: JSONRPCMessage[] }> {
  const client = new Client({ name: 'replay-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [loupeBin, 'replay', file, ...flags],
    stderr: 'ignore',
  });
  const received: JSONRPCMessage[] = [];
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage): void => {
    received.push(message);
    deliver?.(message);
  };
  return { client, received };
}

describe('loupe replay of server-everything over stdio', () => {
  it('the recording holds the calls, the read, the prompt and the list_changed', () => {
    const methods = recorded.frames.filter((frame) => frame.direction === 'out').map((frame) => frame.method);
    expect(methods).toEqual(
      expect.arrayContaining(['initialize', 'tools/list', 'tools/call', 'resources/read', 'prompts/get']),
    );
    expect(recorded.frames.some((frame) => frame.method === 'notifications/tools/list_changed')).toBe(true);
    expect(recordedAnswer(recorded, echo)).toEqual({
      content: [{ type: 'text', text: 'Echo: hello replay' }],
    });
  });

  it('the SDK 1.x Client gets the recorded handshake, list, calls, read, prompt and notifications', async () => {
    const { client, received } = await sdkClient();
    try {
      const initializeFrame = JSON.parse(
        recorded.frames.find((frame) => frame.method === 'initialize')?.raw ?? '{}',
      ) as {
        params: Record<string, unknown>;
      };
      const initialize = recordedAnswer(recorded, { method: 'initialize', params: initializeFrame.params });
      expect(client.getServerVersion()).toEqual(initialize.serverInfo);
      expect(client.getServerCapabilities()).toEqual(initialize.capabilities);
      expect(client.getInstructions()).toBe(initialize.instructions);
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toEqual(
        (recordedAnswer(recorded, { method: 'tools/list', params: {} }).tools as { name: string }[]).map(
          (tool) => tool.name,
        ),
      );
      expect(
        received.some(
          (message) => 'method' in message && message.method === 'notifications/tools/list_changed',
        ),
      ).toBe(true);
      expect(await client.callTool(echo.params)).toEqual(recordedAnswer(recorded, echo));
      expect(await client.callTool(sum.params)).toEqual(recordedAnswer(recorded, sum));
      expect(await client.readResource(read.params)).toEqual(recordedAnswer(recorded, read));
      expect(await client.getPrompt(prompt.params)).toEqual(recordedAnswer(recorded, prompt));
      const { _meta: _token, ...longParams } = longRunning.params;
      const result = await client.callTool(longParams, undefined, { onprogress: () => undefined });
      expect(result).toEqual(recordedAnswer(recorded, longRunning));
      // The recorded progress, with the token this client chose spliced in.
      const progress = received.filter(
        (message) => 'method' in message && message.method === 'notifications/progress',
      );
      expect(progress.map((message) => ('params' in message ? message.params?.progress : undefined))).toEqual(
        [1, 2],
      );
      expect(
        new Set(
          progress.map((message) => ('params' in message ? message.params?.progressToken : undefined)),
        ).has('p1'),
      ).toBe(false);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a client that re-lists on list_changed hears it once: the repeated listing announces no change', async () => {
    const { client, received } = await sdkClient();
    const announcements = (): number =>
      received.filter(
        (message) => 'method' in message && message.method === 'notifications/tools/list_changed',
      ).length;
    try {
      const first = await client.listTools();
      // Over stdio the announcement recorded while tools/list was pending comes before its answer.
      expect(announcements()).toBe(1);
      // What the UI and the official inspector do on list_changed: list again. The same list, and no new
      // announcement, else such a client re-lists forever (the replay's state never changes).
      const again = await client.listTools();
      expect(again.tools.map((tool) => tool.name)).toEqual(first.tools.map((tool) => tool.name));
      const third = await client.listTools();
      expect(third.tools).toHaveLength(first.tools.length);
      expect(announcements()).toBe(1);
      // A repeated call still gets its recorded answer.
      expect(await client.callTool(echo.params)).toEqual(recordedAnswer(recorded, echo));
      expect(await client.callTool(echo.params)).toEqual(recordedAnswer(recorded, echo));
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a call with other arguments gets an error naming the nearest recorded one; an unrecorded cursor gets -32602', async () => {
    const { client } = await sdkClient();
    try {
      await expect(
        client.callTool({ name: 'echo', arguments: { message: 'something else' } }),
      ).rejects.toThrow(
        /-32602.*no recorded answer for tools\/call "echo" \{"message":"something else"\}; nearest recorded: tools\/call "echo" \{"message":"hello replay"\} \(differs in arguments\.message\)/,
      );
      await expect(client.listTools({ cursor: 'never-sent' })).rejects.toThrow(
        /-32602.*cursor "never-sent" was never recorded for tools\/list/,
      );
      await expect(
        client.complete({
          ref: { type: 'ref/prompt', name: 'args-prompt' },
          argument: { name: 'city', value: 'U' },
        }),
      ).rejects.toThrow(/completion\/complete was not recorded/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('--on-miss nearest answers a miss with the nearest recorded answer', async () => {
    const { client } = await sdkClient(['--on-miss', 'nearest']);
    try {
      expect(await client.callTool({ name: 'echo', arguments: { message: 'something else' } })).toEqual(
        recordedAnswer(recorded, echo),
      );
    } finally {
      await client.close();
    }
  }, 60_000);

  it('Loupe recording the replay gets the recorded frames byte for byte, ids aside', async () => {
    const again = await record(directory, 'against-replay', calls, [
      '--',
      process.execPath,
      loupeBin,
      'replay',
      file,
    ]);
    expect(messages(again.snapshot, 'in')).toEqual(messages(recorded, 'in'));
    expect(messages(again.snapshot, 'out')).toEqual(messages(recorded, 'out'));
    expect(again.snapshot.tools).toEqual(recorded.tools);
  }, 90_000);

  it('the official Inspector CLI lists the recorded tools and calls a recorded call', async () => {
    const { node22, launcher } = await inspector();
    const run = (args: string[]): Promise<unknown> =>
      execFileAsync(node22, [launcher, '--cli', process.execPath, loupeBin, 'replay', file, ...args], {
        timeout: 60_000,
      }).then(({ stdout }) => JSON.parse(stdout) as unknown);
    const listed = (await run(['--method', 'tools/list'])) as {
      tools: { name: string; description?: string }[];
    };
    const tools = recordedAnswer(recorded, { method: 'tools/list', params: {} }).tools as {
      name: string;
      description?: string;
    }[];
    expect(listed.tools.map(({ name, description }) => ({ name, description }))).toEqual(
      tools.map(({ name, description }) => ({ name, description })),
    );
    expect(
      await run([
        '--method',
        'tools/call',
        '--tool-name',
        'get-sum',
        '--tool-arg',
        'a=2',
        '--tool-arg',
        'b=40',
      ]),
    ).toEqual(recordedAnswer(recorded, sum));
  }, 120_000);
});

async function inspector(): Promise<{ node22: string; launcher: string }> {
  const { stdout } = await execFileAsync(process.execPath, ['scripts/node22.mjs'], { timeout: 300_000 });
  const [node22 = '', , launcher = ''] = stdout.trim().split('\n');
  return { node22, launcher };
}
