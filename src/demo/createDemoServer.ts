/**
 * The embedded demo server: a real MCP server on the SDK's low-level `Server`, so tools/list and
 * resources/list paginate with opaque cursors (the high-level McpServer does not paginate).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { DemoCallContext, DemoTool } from './demoTool.js';
import { page } from './paginate.js';
import { getPrompt, prompts } from './prompts.js';
import { readResource, resources, resourceTemplates } from './resources.js';
import { behaviourTools, experimentalTools } from './tools/behaviourTools.js';
import { everydayTools } from './tools/everydayTools.js';
import { schemaShowcaseTools } from './tools/schemaShowcase.js';

export const demoToolPageSize = 40;
export const demoResourcePageSize = 25;
export const demoVersion = '1.0.0';

export function createDemoServer(): Server {
  const server = new Server(
    { name: 'loupe-demo', title: 'Loupe demo server', version: demoVersion },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: {},
        prompts: {},
        logging: {},
      },
      instructions: 'The Loupe demo server: many tools over several pages, every schema shape, progress, images, structured output and list_changed.',
    },
  );

  let experimentalOn = false;
  const currentTools = (): DemoTool[] => [
    ...schemaShowcaseTools,
    ...behaviourTools,
    ...(experimentalOn ? experimentalTools : []),
    ...everydayTools,
  ];

  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const result = page('tools', currentTools(), request.params?.cursor, demoToolPageSize);
    return { tools: result.items.map((tool) => tool.definition), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = currentTools().find((candidate) => candidate.definition.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const progressToken = request.params._meta?.progressToken;
    const context: DemoCallContext = {
      progressToken,
      signal: extra.signal,
      async sendProgress(progress, total, message) {
        if (progressToken === undefined) return;
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total, message } });
      },
      async log(level, data, logger) {
        await server.sendLoggingMessage({ level, data, logger }, extra.sessionId);
      },
      async toggleExperimental() {
        experimentalOn = !experimentalOn;
        await server.sendToolListChanged();
        return experimentalOn;
      },
    };
    return tool.run(request.params.arguments ?? {}, context);
  });

  server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const result = page('resources', resources, request.params?.cursor, demoResourcePageSize);
    return { resources: result.items, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => getPrompt(request.params.name, request.params.arguments));
  return server;
}
