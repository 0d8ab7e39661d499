// The protocol floor: spawn the server, write JSON-RPC lines, read lines, JSON.parse. No SDK, no recorder.
// Given Loupe's FrameRecorder, it records every line both ways and takes each inbound message from the
// recorder's own parse (as Loupe's session does), so the difference with and without is the recording alone.
// `initialize()` opens the 2025 era; `discover()` the 2026-07-28 one, after which every request carries the
// per-request _meta envelope (the revision's cost, paid by every modern client) and results must say
// resultType "complete".
import { spawn } from 'node:child_process';

export class RawClient {
  constructor(command, args, options = {}) {
    this.recorder = options.recorder;
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.nextId = 1;
    this.waiting = new Map();
    this.notifications = 0;
    let pending = '';
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk) => {
      pending += chunk;
      let start = 0;
      let newline;
      while ((newline = pending.indexOf('\n', start)) >= 0) {
        const line = pending.slice(start, newline);
        start = newline + 1;
        if (line.length === 0) continue;
        const message = this.recorder ? this.recorder.record('in', line)[0].message : JSON.parse(line);
        if (message.id === undefined) {
          this.notifications += 1;
          continue;
        }
        const entry = this.waiting.get(message.id);
        if (!entry) continue;
        this.waiting.delete(message.id);
        if (message.error) entry.reject(new Error(message.error.message));
        else if (this.meta && message.result.resultType !== 'complete') entry.reject(new Error(`resultType ${message.result.resultType}`));
        else entry.resolve(message.result);
      }
      pending = pending.slice(start);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
  }

  request(method, params) {
    const id = this.nextId++;
    if (this.meta) params = { ...params, _meta: this.meta };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    this.write({ jsonrpc: '2.0', method, params });
  }

  /** Serializes and sends a message; recorded the way Loupe's stdio wire records what it wrote (with the message). */
  write(message) {
    const text = JSON.stringify(message);
    this.recorder?.record('out', text, { message });
    this.child.stdin.write(`${text}\n`);
  }

  async initialize() {
    const result = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bench-raw', version: '1.0.0' },
    });
    this.notify('notifications/initialized');
    return result;
  }

  /** The modern opening: server/discover in the envelope, which every later request carries too. */
  async discover() {
    this.meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'bench-raw', version: '1.0.0' },
    };
    const result = await this.request('server/discover', {});
    if (!result.supportedVersions?.includes('2026-07-28')) throw new Error('server/discover does not list 2026-07-28');
    return result;
  }

  async close() {
    this.child.stdin.end();
    this.child.kill();
    await this.exited;
  }
}
