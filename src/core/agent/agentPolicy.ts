/**
 * What the person decided when they started `loupe mcp` (its flags, in the host's config): which calls wait for
 * their yes, where questions go, how the inspected server's questions are answered, how fast and how much the agent
 * may do, where snapshots go, which client configs count as configured.
 */
import { join } from 'node:path';
import { appDataDir } from '../backend/appDataDir.js';
import type { AskRoute } from './consent.js';
import { defaultRate, type Rate } from './rateLimit.js';
import type { ServerRequestPolicy } from './serverRequestPolicy.js';

export interface AgentPolicy {
  /** ask: a tool not annotated read-only (or annotated destructive) is called only on the person's yes; allow: never asks. */
  calls: 'ask' | 'allow';
  /** Where a question goes, in order: the agent's host (elicitation), a running Loupe. */
  routes: AskRoute[];
  serverRequests: ServerRequestPolicy;
  rate: Rate;
  maxSessions: number;
  /** Where the snapshot tool writes (files readable by the person alone). */
  snapshotsDir: string;
  /** Client config files whose servers count as configured, besides the known locations. */
  configPaths: string[];
  /** The working folder whose project configs (.mcp.json, .vscode/mcp.json, .cursor/mcp.json) count. */
  project: string;
  /** Loupe's settings file (saved servers). */
  settingsPath: string;
}

export function defaultPolicy(environment: NodeJS.ProcessEnv = process.env): AgentPolicy {
  const data = appDataDir(environment);
  return {
    calls: 'ask',
    routes: ['host', 'loupe'],
    serverRequests: { mode: 'none' },
    rate: defaultRate,
    maxSessions: 8,
    snapshotsDir: join(data, 'snapshots'),
    configPaths: [],
    project: process.cwd(),
    settingsPath: join(data, 'settings.json'),
  };
}
