// tools/call contenders for the recording-overhead section: N sequential calls after initialize, timed.
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { RawClient } from './rawClient.mjs';
import { cpuSince } from './stats.mjs';
import { toolName } from '../servers/toolShape.mjs';
import { benchServer, loadCallTool, loadConnect, loadFrameRecorder } from './engine.mjs';

const serverFlags = ['--tools', 20, '--page-size', 20];
const names = Array.from({ length: 20 }, (_, index) => toolName(index));
const toolNameOf = (index) => names[index % names.length];

async function rawCalls(calls, recorder) {
  const server = benchServer(serverFlags);
  const client = new RawClient(server.command, server.args, { recorder });
  try {
    await client.initialize();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) {
      const result = await client.request('tools/call', { name: toolNameOf(index), arguments: { query: `q${index}` } });
      if (result.isError !== false) throw new Error('call failed');
    }
    const ms = performance.now() - started;
    const cpuMs = cpuSince(cpuStarted);
    return { ms, cpuMs, frames: recorder?.stats().total };
  } finally {
    await client.close();
  }
}

/** The protocol floor: no recorder. */
export const callRaw = (calls) => rawCalls(calls, undefined);

/** The same loop with Loupe's FrameRecorder recording every line both ways (default limit, in memory). */
export async function callRawRecorded(calls) {
  const FrameRecorder = await loadFrameRecorder();
  return rawCalls(calls, new FrameRecorder());
}

/** The same with the recorder's JSON Lines journal on disk as well. */
export async function callRawJournaled(calls) {
  const FrameRecorder = await loadFrameRecorder();
  const directory = mkdtempSync(join(tmpdir(), 'loupe-bench-'));
  const recorder = new FrameRecorder({ journalPath: join(directory, 'journal.jsonl') });
  try {
    const result = await rawCalls(calls, recorder);
    await recorder.close();
    return result;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Loupe's session as the app runs it: connect, list tools, then callTool N times. */
export async function callLoupe(calls) {
  const connect = await loadConnect();
  const callTool = await loadCallTool();
  const server = benchServer(serverFlags);
  const session = await connect(server.target, {});
  try {
    const listed = await session.request('tools/list', {});
    const tools = listed.result.tools;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) {
      const outcome = await callTool(session, { tool: toolNameOf(index), arguments: { query: `q${index}` }, callId: `c${index}` }, tools);
      if (outcome.isError !== false) throw new Error('call failed');
    }
    const ms = performance.now() - started;
    const cpuMs = cpuSince(cpuStarted);
    return { ms, cpuMs, frames: session.recorder.stats().total };
  } finally {
    await session.close();
  }
}

export async function callSdk(calls) {
  const server = benchServer(serverFlags);
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, stderr: 'ignore' }));
  try {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) {
      const result = await client.callTool({ name: toolNameOf(index), arguments: { query: `q${index}` } });
      if (result.isError !== false) throw new Error('call failed');
    }
    const ms = performance.now() - started;
    return { ms, cpuMs: cpuSince(cpuStarted) };
  } finally {
    await client.close();
  }
}

export const callers = { raw: callRaw, rawRecorded: callRawRecorded, rawJournaled: callRawJournaled, loupe: callLoupe, sdk: callSdk };
