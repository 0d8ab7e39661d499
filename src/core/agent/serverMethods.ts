/**
 * The method table of Loupe's MCP server, the same in both eras: tools/list and tools/call (the tools of tools/),
 * resources (the skill's files, the snapshots this run wrote, and the session templates: listings and frames page by
 * page), and the skills extension (SEP-2640). Every tool call is counted against the person's rate first; a tool's
 * failure is a tool result with isError and one named error ({"error": {kind, message, data?}}) the agent can act
 * on, never a protocol error — except a question on its way to the client (input_required), which passes through.
 */
import { toErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { skillsExtensionId } from '../../shared/skills.js';
import { loupeVersion } from '../loupeVersion.js';
import type { AgentSessions } from './agentSessions.js';
import type { AgentPolicy } from './agentPolicy.js';
import type { AgentMethods, AgentRequest, MethodHandler } from './protocol/agentRequest.js';
import { isInputRequired } from './protocol/modernDispatch.js';
import { RpcFailure, rpcCodes } from './protocol/rpc.js';
import { RateLimiter } from './rateLimit.js';
import { readSessionResource, sessionTemplates, snapshotUri } from './resources/sessionResources.js';
import type { ServedSkill } from './skillFiles.js';
import type { ConfiguredTarget } from './targets.js';
import { callToolTool } from './tools/callTools.js';
import { lintTool, scanTool } from './tools/checkTools.js';
import { describeTool, listTool } from './tools/listTools.js';
import { diffTool, replayTool, snapshotTool, writtenSnapshots } from './tools/recordTools.js';
import { conformTool, runCollectionTool } from './tools/runTools.js';
import {
  closeSessionTool,
  listSessionsTool,
  listTargetsTool,
  openSessionTool,
} from './tools/sessionTools.js';
import type { AgentTool, ToolContext } from './tools/toolKit.js';

export const agentTools: readonly AgentTool[] = [
  listTargetsTool,
  openSessionTool,
  listSessionsTool,
  closeSessionTool,
  listTool,
  describeTool,
  callToolTool,
  lintTool,
  scanTool,
  snapshotTool,
  diffTool,
  runCollectionTool,
  conformTool,
  replayTool,
];

export const serverInstructions =
  "Loupe inspects and tests MCP servers, with the person watching in the Loupe app. Start with list_targets (the servers the person configured), open_session, then list / describe / call_tool / lint / scan; snapshot before and after you change a server and diff the two; keep what you checked as a collection (run_collection). A server the person did not configure, and any call of a tool not annotated read-only, wait for the person's yes; a no is final. Large results come as resources (listings and frames, page by page). The skill loupe-testing (skills/list, or skill://loupe-testing/SKILL.md) walks through it.";

export interface ServerMethodsOptions {
  sessions: AgentSessions;
  policy: AgentPolicy;
  targets: () => Promise<{ targets: ConfiguredTarget[]; problems: string[] }>;
  skill: ServedSkill;
}

function hostOf(request: AgentRequest): string {
  const { name, version } = request.client;
  return name ? `${name}${version ? ` ${version}` : ''}` : 'an agent';
}

function toolDefinition(tool: AgentTool): JsonObject {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, ...tool.annotations },
  };
}

function errorResult(error: unknown): JsonObject {
  const data = toErrorData(error);
  const named = {
    kind: data.kind,
    message: data.message,
    ...(data.code === undefined ? {} : { code: data.code }),
    ...(data.data === undefined ? {} : { data: data.data }),
  };
  return { content: [{ type: 'text', text: JSON.stringify({ error: named }) }], isError: true };
}

export function createServerMethods(options: ServerMethodsOptions): AgentMethods {
  const { sessions, policy, skill } = options;
  const frontmatter = isJsonObject(skill.entry.frontmatter) ? skill.entry.frontmatter : {};
  const limiter = new RateLimiter(policy.rate);
  const byName = new Map(agentTools.map((tool) => [tool.name, tool]));

  const callTool: MethodHandler = async (params, request) => {
    const name = params.name;
    const tool = typeof name === 'string' ? byName.get(name) : undefined;
    if (!tool)
      throw new RpcFailure(
        rpcCodes.invalidParams,
        `Unknown tool: ${JSON.stringify(name ?? null)}. tools/list names them.`,
      );
    const args = params.arguments === undefined ? {} : params.arguments;
    if (!isJsonObject(args)) throw new RpcFailure(rpcCodes.invalidParams, 'arguments must be an object.');
    const context: ToolContext = {
      request,
      sessions,
      policy,
      targets: options.targets,
      host: hostOf(request),
    };
    try {
      limiter.take(`${tool.name}`);
      const answer = await tool.run(args, context);
      return {
        content: [{ type: 'text', text: JSON.stringify(answer.structured) }, ...(answer.links ?? [])],
        structuredContent: answer.structured,
      };
    } catch (error) {
      if (isInputRequired(error)) throw error;
      return errorResult(error);
    }
  };

  const readResource: MethodHandler = async (params, request) => {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new RpcFailure(rpcCodes.invalidParams, 'resources/read needs a uri.');
    const file = skill.files.find((entry) => entry.uri === uri);
    if (file) return { contents: [{ uri, mimeType: file.mimeType, text: file.text }] };
    const read = await readSessionResource(
      uri,
      sessions,
      { dir: policy.snapshotsDir, written: writtenSnapshots },
      request.era === 'modern',
    );
    if (read) return { contents: [{ uri, mimeType: read.mimeType, text: read.text }] };
    throw new RpcFailure(
      request.era === 'modern' ? rpcCodes.invalidParams : -32002,
      `Resource not found: ${uri.slice(0, 300)}`,
      { uri: uri.slice(0, 300) },
    );
  };

  const methods = new Map<string, MethodHandler>([
    ['tools/list', () => Promise.resolve({ tools: agentTools.map(toolDefinition) })],
    ['tools/call', callTool],
    [
      'resources/list',
      () =>
        Promise.resolve({
          resources: [
            ...skill.files.map((file) =>
              // SKILL.md is listed as the skill itself (SEP-2640: its name and description are the frontmatter's).
              file.path === 'SKILL.md'
                ? {
                    uri: file.uri,
                    name: typeof frontmatter.name === 'string' ? frontmatter.name : file.path,
                    mimeType: file.mimeType,
                    size: file.size,
                    description: typeof frontmatter.description === 'string' ? frontmatter.description : '',
                  }
                : {
                    uri: file.uri,
                    name: file.path,
                    mimeType: file.mimeType,
                    size: file.size,
                    description: 'A file of the loupe-testing skill.',
                  },
            ),
            ...[...writtenSnapshots].map((name) => ({
              uri: snapshotUri(name),
              name,
              mimeType: 'application/json',
              description: 'A snapshot written by this run.',
            })),
          ],
        }),
    ],
    ['resources/templates/list', () => Promise.resolve({ resourceTemplates: sessionTemplates })],
    ['resources/read', readResource],
    ['skills/list', () => Promise.resolve({ skills: [skill.entry] })],
    [
      'skills/get',
      (params) =>
        params.uri === skill.entry.uri || params.name === 'loupe-testing'
          ? Promise.resolve({ skill: skill.entry })
          : Promise.reject(
              new RpcFailure(
                rpcCodes.invalidParams,
                `Unknown skill: ${JSON.stringify(params.uri ?? params.name ?? null)}`,
              ),
            ),
    ],
  ]);

  return {
    serverInfo: { name: 'loupe', version: loupeVersion() },
    capabilities: { tools: {}, resources: {}, extensions: { [skillsExtensionId]: {} } },
    instructions: serverInstructions,
    methods,
  };
}
