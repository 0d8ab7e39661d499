/**
 * `loupe mcp`: Loupe as an MCP server for agents (src/core/agent). Over stdio (what a host's config starts) its
 * stdout is the protocol stream and its words go to stderr, prefixed "loupe mcp:"; with --http it listens on
 * loopback and prints its URL (with this run's credential) as the first stdout line. `--config <file> --print|--write`
 * adds it to a client config (the diff first, a backup kept); `--write-skill <dir>` writes its Agent Skill to a folder.
 */
import { proposeAgentConfig, writeAgentConfig } from '../../core/agent/configAgent.js';
import { createAgentServer } from '../../core/agent/agentServer.js';
import { loadSkill, writeSkill } from '../../core/agent/skillFiles.js';
import { thisLoupe } from '../../core/tap/configTapFile.js';
import { confirmConfigWrite } from '../confirmConfigWrite.js';
import { parseMcpArguments, type McpInvocation } from '../mcpArguments.js';
import { printable, type Terminal } from '../terminal.js';

async function configCommand(
  invocation: McpInvocation,
  config: NonNullable<McpInvocation['config']>,
  terminal: Terminal,
): Promise<number> {
  const loupe = thisLoupe();
  const plan = await proposeAgentConfig(config.path, config.name, loupe, invocation.policyFlags);
  for (const line of plan.diff) terminal.out(printable(line));
  if (plan.same) {
    terminal.err(`loupe mcp: ${config.path} already has this "${config.name}" entry: nothing to change.`);
    return 0;
  }
  if (config.mode === 'print') {
    terminal.err(`loupe mcp: nothing written. To add it: loupe mcp --config ${config.path} --write`);
    return 0;
  }
  if (
    !(await confirmConfigWrite({
      command: 'mcp',
      path: config.path,
      text: plan.text,
      yes: config.yes,
      terminal,
    }))
  )
    return 1;
  const { backup } = await writeAgentConfig(
    config.path,
    config.name,
    loupe,
    invocation.policyFlags,
    plan.diff,
  );
  terminal.err(
    `loupe mcp: wrote ${config.path}; the previous file is ${backup}. Restart the client (or reload its MCP servers) to use Loupe.`,
  );
  return 0;
}

/** Resolves at the first of SIGINT / SIGTERM. */
function signalled(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

export async function mcpCommand(argv: readonly string[], terminal: Terminal): Promise<number> {
  const invocation = parseMcpArguments(argv);
  if (invocation.config) return configCommand(invocation, invocation.config, terminal);
  if (invocation.writeSkill !== undefined) {
    const written = await writeSkill(invocation.writeSkill, await loadSkill());
    if (written.unchanged) {
      terminal.err(
        `loupe mcp: ${printable(written.folder)} already holds this loupe-testing skill: nothing written.`,
      );
      return 0;
    }
    if (written.kept)
      terminal.err(
        `loupe mcp: ${printable(written.folder)} held a different copy (${written.changed.map(printable).join(', ')}): kept whole at ${printable(written.kept)}`,
      );
    terminal.err(`loupe mcp: wrote the loupe-testing skill to ${printable(written.folder)}`);
    return 0;
  }
  const say = (line: string) => terminal.err(`loupe mcp: ${line}`);
  const server = await createAgentServer({ policy: invocation.policy, say, live: invocation.live });
  try {
    if (invocation.http) {
      const http = await server.serveHttp({ port: invocation.http.port });
      terminal.out(http.url);
      say(
        `Streamable HTTP on ${http.endpoint} (both protocol eras); the URL above carries this run's credential, or send Authorization: Bearer <token> to ${http.endpoint}. Ctrl-C stops it.`,
      );
      await signalled();
      return 0;
    }
    const stdio = await server.serveStdio(process.stdin, process.stdout);
    await Promise.race([stdio.closed, signalled()]);
    return 0;
  } finally {
    await server.close();
  }
}
