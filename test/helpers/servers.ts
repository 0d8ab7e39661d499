/**
 * The test servers of test/servers as targets and commands, and a helper that starts an HTTP one.
 * Flags are documented at the top of each server file and in test/servers/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StdioTarget, UrlTarget } from '../../src/shared/target.js';

export const serverPaths = {
  /** Raw JSON-RPC over stdio; every fault is a flag (cursor loop, endless, crash, garbage, violations…). */
  fault: fileURLToPath(new URL('../servers/fault.mjs', import.meta.url)),
  /** The SDK's low-level Server, paginating every list; --transport stdio|http|sse. */
  paginating: fileURLToPath(new URL('../servers/paginating.mjs', import.meta.url)),
  /** The official v2 SDK (2026-07-28): --transport http|stdio, --legacy reject|allow; see test/servers/README.md. */
  v2: fileURLToPath(new URL('../servers/v2/server.mjs', import.meta.url)),
  /** An MCP server behind OAuth with two authorization servers (sign-in tests); see the file's header. */
  protected: fileURLToPath(new URL('../servers/protected.mjs', import.meta.url)),
  /** oidc-provider (a real OpenID Provider) in front of an SDK server checking bearer tokens; see the file's header. */
  oidcProtected: fileURLToPath(new URL('../servers/oidcProtected.mjs', import.meta.url)),
  /** oidc-provider with client credentials, the JWT bearer grant and DPoP (grants without a person); see its header. */
  oidcMachine: fileURLToPath(new URL('../servers/oidcMachine.mjs', import.meta.url)),
  /** The same OpenID Provider in front of a strict 2026-07-28 server of the v2 SDK; see the file's header. */
  oidcModern: fileURLToPath(new URL('../servers/oidcModern.mjs', import.meta.url)),
  /** Checks env values / a bearer token it was given and echoes its environment (config inputs, envFile). */
  configEcho: fileURLToPath(new URL('../servers/configEcho.mjs', import.meta.url)),
  /** Raw JSON-RPC over stdio whose tools ask for input (elicitation) and may cancel their own question. */
  asking: fileURLToPath(new URL('../servers/asking.mjs', import.meta.url)),
  /** A protected server whose sign-in metadata is hostile (javascript: endpoints, a silent metadata request…). */
  hostileAuth: fileURLToPath(new URL('../servers/hostileAuth.mjs', import.meta.url)),
  /** Raw JSON-RPC over stdio whose tool calls fail (crash, hang, -32602, unknown tool, silent tool changes); see the file's header. */
  callFaults: fileURLToPath(new URL('../servers/callFaults.mjs', import.meta.url)),
} as const;

export type ServerName = keyof typeof serverPaths;

/** The command line that runs a test server: [node, path, ...flags]. */
export function serverCommand(name: ServerName, flags: string[] = []): string[] {
  return [process.execPath, serverPaths[name], ...flags];
}

/** A stdio target for a test server. */
export function serverTarget(name: ServerName, flags: string[] = []): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [serverPaths[name], ...flags] };
}

export const faultServer = (...flags: string[]): StdioTarget => serverTarget('fault', flags);
export const paginatingServer = (...flags: string[]): StdioTarget => serverTarget('paginating', flags);
export const callFaultsServer = (...flags: string[]): StdioTarget => serverTarget('callFaults', flags);

/** How a v2 server treats 2025-era clients: `reject` (strict 2026-07-28 only) or `allow` (dual). */
export type LegacyPosture = 'reject' | 'allow';

/** The v2 SDK server over stdio (serveStdio): strict modern with `reject`, dual with `allow`. */
export const v2StdioServer = (legacy: LegacyPosture, ...flags: string[]): StdioTarget =>
  serverTarget('v2', ['--transport', 'stdio', '--legacy', legacy, ...flags]);

export interface RunningHttpServer {
  /** The endpoint: …/mcp for Streamable HTTP, …/sse for legacy SSE. */
  url: string;
  /** A URL target for the endpoint with the transport named. */
  target: UrlTarget;
  child: ChildProcess;
  /** Lines the server wrote on stderr so far. */
  stderr: string[];
  stop(): Promise<void>;
}

/** Starts a test server that prints its endpoint URL as the first stdout line, and waits for that line. */
export async function startPrintingUrl(
  args: string[],
  transport: 'http' | 'sse',
  label: string,
): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      // oidc-provider's servers take seconds to start on a loaded 2-core machine; 10 s was too tight under load.
      () => reject(new Error(`the ${label} test server printed no URL in 30 s`)),
      30_000,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${label} test server exited with ${String(code)}: ${stderr.join('\n')}`));
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return { url, target: { transport, url }, child, stderr, stop };
}

/** Starts paginating.mjs over HTTP on 127.0.0.1 (a free port) and waits for the URL it prints. */
export async function startHttpServer(
  transport: 'http' | 'sse',
  flags: string[] = [],
): Promise<RunningHttpServer> {
  return startPrintingUrl([serverPaths.paginating, '--transport', transport, ...flags], transport, transport);
}

/**
 * Starts the v2 SDK server over HTTP (createMcpHandler behind node:http) on 127.0.0.1, a free port; its URL ends
 * in /mcp. `reject`: strict 2026-07-28 (a 2025 initialize gets HTTP 400, -32022); `allow`: both eras.
 */
export async function startV2HttpServer(
  legacy: LegacyPosture,
  flags: string[] = [],
): Promise<RunningHttpServer> {
  return startPrintingUrl(
    [serverPaths.v2, '--transport', 'http', '--legacy', legacy, ...flags],
    'http',
    `v2 (${legacy})`,
  );
}

/** protected.mjs on 127.0.0.1 (a free port); `url` is its base URL, the MCP endpoint is `${url}/mcp`. */
export async function startProtectedServer(flags: string[] = []): Promise<RunningHttpServer> {
  return startPrintingUrl([serverPaths.protected, ...flags], 'http', 'protected');
}

/** oidcProtected.mjs: `url` is the MCP endpoint (…/mcp); `--access-ttl S` shortens the access tokens' life. */
export async function startOidcProtectedServer(flags: string[] = []): Promise<RunningHttpServer> {
  return startPrintingUrl([serverPaths.oidcProtected, ...flags], 'http', 'oidc-protected');
}

/** oidcModern.mjs: a strict 2026-07-28 server (v2 SDK) behind oidc-provider; `url` is the MCP endpoint (…/mcp). */
export async function startOidcModernServer(flags: string[] = []): Promise<RunningHttpServer> {
  return startPrintingUrl([serverPaths.oidcModern, ...flags], 'http', 'oidc-modern');
}

/** hostileAuth.mjs in one of its modes (see the file's header); `url` is the MCP endpoint (…/mcp). */
export async function startHostileAuthServer(mode: string): Promise<RunningHttpServer> {
  return startPrintingUrl([serverPaths.hostileAuth, '--mode', mode], 'http', `hostile auth (${mode})`);
}
