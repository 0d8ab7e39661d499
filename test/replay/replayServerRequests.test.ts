/**
 * Server requests in a replay: server-everything's trigger-elicitation-request recorded with `--input defaults`
 * (Loupe offered elicitation and accepted with the schema's defaults), replayed to the SDK 1.x Client. A client
 * that offers elicitation is asked the recorded question and gets the recorded result; one that does not is not
 * asked, and still gets the recorded answer to its call.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { everythingServer, loupeBin, requireBuild } from '../cli/loupe.js';
import { record, recordedAnswer, scratch } from './recordings.js';

const elicit = { method: 'tools/call', params: { name: 'trigger-elicitation-request', arguments: {} } };
let file: string;
let recorded: Snapshot;

beforeAll(async () => {
  requireBuild();
  ({ file, snapshot: recorded } = await record(
    scratch(),
    'elicitation',
    [elicit],
    ['--input', 'defaults', '--', process.execPath, everythingServer, 'stdio'],
  ));
}, 90_000);

/** The recorded elicitation/create and Loupe's answer to it, parsed. */
function recordedQuestion(): { params: unknown; answer: Record<string, unknown> } {
  const question = recorded.frames.find(
    (frame) => frame.direction === 'in' && frame.method === 'elicitation/create',
  );
  const answer = recorded.frames.find(
    (frame) => frame.direction === 'out' && frame.kind === 'response' && frame.pairSeq === question?.seq,
  );
  if (!question || !answer) throw new Error('the recording has no answered elicitation');
  return {
    params: (JSON.parse(question.raw) as { params: unknown }).params,
    answer: (JSON.parse(answer.raw) as { result: Record<string, unknown> }).result,
  };
}

/** A client of the replay, and the methods of every message the replay sent it. */
async function connect(
  capabilities: Record<string, unknown>,
): Promise<{ client: Client; methods: string[] }> {
  const client = new Client({ name: 'replay-test', version: '1.0.0' }, { capabilities });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [loupeBin, 'replay', file],
    stderr: 'ignore',
  });
  await client.connect(transport);
  const methods: string[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage): void => {
    if ('method' in message) methods.push(message.method);
    deliver?.(message);
  };
  return { client, methods };
}

describe('server requests in a replay', () => {
  it('a client offering elicitation is asked the recorded question, then gets the recorded result', async () => {
    const { params, answer } = recordedQuestion();
    const { client, methods } = await connect({ elicitation: {} });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answer;
    });
    try {
      expect(await client.callTool(elicit.params)).toEqual(recordedAnswer(recorded, elicit));
      expect(asked).toEqual([params]);
      expect(methods).toContain('elicitation/create');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a client that does not offer elicitation is not asked', async () => {
    const { client, methods } = await connect({});
    try {
      expect(await client.callTool(elicit.params)).toEqual(recordedAnswer(recorded, elicit));
      expect(methods).not.toContain('elicitation/create');
    } finally {
      await client.close();
    }
  }, 60_000);
});
