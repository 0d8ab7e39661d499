/**
 * `loupe mcp`: Loupe as an MCP server an agent drives, with the person in charge. One backend (the app's and the
 * CLI's session model, createBackend) holds the agent's sessions; the tools (tools/) are its capabilities; the
 * person's policy (agentPolicy.ts) decides what waits for their yes, how the inspected server's questions are
 * answered and how fast the agent may go; each session shows live in a running Loupe (liveAgent.ts). Served over
 * stdio or Streamable HTTP on loopback (protocol/), both protocol eras.
 */
import type { Readable, Writable } from 'node:stream';
import { createBackend, type Backend } from '../backend/createBackend.js';
import { demoTarget } from '../demoTarget.js';
import type { LivePaths } from '../tap/livePaths.js';
import { AgentSessions } from './agentSessions.js';
import type { AgentPolicy } from './agentPolicy.js';
import { liveAgentLinks } from './liveAgent.js';
import type { AgentMethods } from './protocol/agentRequest.js';
import { serveHttp, type ServedHttp } from './protocol/httpServer.js';
import { RequestStates } from './protocol/requestStates.js';
import { serveStdio, type ServedStdio } from './protocol/stdioServer.js';
import { createServerMethods } from './serverMethods.js';
import { loadSkill } from './skillFiles.js';
import { configuredTargets } from './targets.js';

export interface AgentServerOptions {
  policy: AgentPolicy;
  /** One line to stderr (the host's log of this server). */
  say: (line: string) => void;
  /** Link sessions to a running Loupe (default true). */
  live?: boolean;
  livePaths?: LivePaths;
}

export interface AgentServer {
  methods: AgentMethods;
  sessions: AgentSessions;
  serveStdio(input: Readable, output: Writable): Promise<ServedStdio>;
  serveHttp(options?: { port?: number }): Promise<ServedHttp>;
  close(): Promise<void>;
}

export async function createAgentServer(options: AgentServerOptions): Promise<AgentServer> {
  const { policy } = options;
  const backend: Backend = createBackend({
    resolveDemo: () => demoTarget(),
    settingsPath: policy.settingsPath,
    // Its frames go whole to a running Loupe through each session's link (AgentSessions), never to a page here.
    wholeFrames: true,
  });
  const sessions = new AgentSessions({
    backend,
    serverRequests: policy.serverRequests,
    maxSessions: policy.maxSessions,
    ...(options.live === false
      ? {}
      : {
          link: liveAgentLinks({
            say: options.say,
            demo: () => demoTarget(),
            ...(options.livePaths ? { paths: options.livePaths } : {}),
          }),
        }),
  });
  const targets = async () =>
    configuredTargets(
      (await backend.methodsFor(undefined, 'getSettings').getSettings()).savedServers,
      policy.configPaths,
      policy.project,
    );
  const methods = createServerMethods({ sessions, policy, targets, skill: await loadSkill() });
  const states = new RequestStates();
  const served: { close(): Promise<void> }[] = [];
  return {
    methods,
    sessions,
    async serveStdio(input, output) {
      const stdio = await serveStdio(methods, states, input, output);
      served.push(stdio);
      return stdio;
    },
    async serveHttp(httpOptions = {}) {
      const http = await serveHttp(methods, states, httpOptions);
      served.push(http);
      return http;
    },
    async close() {
      for (const server of served) await server.close().catch(() => undefined);
      await sessions.dispose();
      await backend.dispose();
    },
  };
}
