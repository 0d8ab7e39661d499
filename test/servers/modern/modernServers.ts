/** The modern test server (loupeModern.mjs) as a stdio target, and started over HTTP on 127.0.0.1. */
import { fileURLToPath } from 'node:url';
import type { StdioTarget } from '../../../src/shared/target.js';
import { startPrintingUrl, type RunningHttpServer } from '../../helpers/servers.js';

export const modernServerPath = fileURLToPath(new URL('./loupeModern.mjs', import.meta.url));

export function modernStdio(...flags: string[]): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [modernServerPath, ...flags] };
}

export type RunningModernServer = RunningHttpServer;

export function startModernHttp(...flags: string[]): Promise<RunningModernServer> {
  return startPrintingUrl([modernServerPath, '--transport', 'http', ...flags], 'http', 'modern HTTP');
}
