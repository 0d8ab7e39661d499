// The protocol floor: spawn the server, write JSON-RPC lines, read lines, JSON.parse. No SDK, no recorder.
// Given Loupe's FrameRecorder, it records every line both ways and takes each inbound message from the
// recorder's own parse (as Loupe's session does), so the difference with and without is the recording alone.
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
        else entry.resolve(message.result);
      }
      pending = pending.slice(start);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
  }

  request(method, params) {
    const id = this.nextId++;
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

  async close() {
    this.child.stdin.end();
    this.child.kill();
    await this.exited;
  }
}
