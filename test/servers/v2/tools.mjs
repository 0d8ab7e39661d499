// The tools of the v2 test server: plain JSON Schema definitions (so x-mcp-header survives as written) served by
// the SDK's low-level request handlers with cursor pagination, and the handlers that run them. Shared state (the
// generation of the tool list, the minted request states) lives in the process, because createMcpHandler builds a
// fresh server instance for every HTTP request.
import { randomBytes } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, inputRequired, inputResponse } from '@modelcontextprotocol/server';

const noArguments = { type: 'object', properties: {} };

/** The feature tools, listed first, in this order. */
const featureTools = [
  {
    name: 'echo_request',
    description:
      'Returns what the server received: the HTTP request headers (HTTP only), the _meta envelope and _meta, the arguments.',
    inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  },
  {
    name: 'regional_lookup',
    description:
      'Has x-mcp-header parameters (region → Mcp-Param-Region, priority → Mcp-Param-Priority, verbose → Mcp-Param-Verbose); echoes like echo_request.',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', description: 'Mirrored into Mcp-Param-Region', 'x-mcp-header': 'Region' },
        priority: {
          type: 'integer',
          description: 'Mirrored into Mcp-Param-Priority',
          'x-mcp-header': 'Priority',
        },
        verbose: {
          type: 'boolean',
          description: 'Mirrored into Mcp-Param-Verbose',
          'x-mcp-header': 'Verbose',
        },
        query: { type: 'string', description: 'Not mirrored: no x-mcp-header' },
      },
      required: ['region', 'query'],
    },
  },
  {
    name: 'invalid_header_tool',
    description:
      'Declares an INVALID x-mcp-header ("My Region" has a space): conforming HTTP clients must exclude this tool.',
    inputSchema: {
      type: 'object',
      properties: { value: { type: 'string', 'x-mcp-header': 'My Region' } },
      required: ['value'],
    },
  },
  {
    name: 'confirm_action',
    description:
      'Returns input_required with a form-mode elicitation (confirmed: boolean, default true; name: string, default "Ada"), then reports the answer.',
    inputSchema: { type: 'object', properties: { action: { type: 'string' } } },
  },
  {
    name: 'sample_summary',
    description:
      'Returns input_required with a sampling/createMessage request, then reports the sampled text.',
    inputSchema: noArguments,
  },
  {
    name: 'list_client_roots',
    description: 'Returns input_required with a roots/list request, then reports the roots.',
    inputSchema: noArguments,
  },
  {
    name: 'two_rounds',
    description:
      'Needs two input_required rounds (elicitations "first" then "second") and checks that requestState comes back untouched each time.',
    inputSchema: noArguments,
  },
  {
    name: 'change_tools',
    description:
      'Adds the tool added_<g> to the list and announces notifications/tools/list_changed (on subscriptions/listen streams in the 2026 era).',
    inputSchema: noArguments,
  },
];

const state = { generation: 0, minted: new Map() };

function numberedTool(index) {
  const name = `tool_${String(index).padStart(2, '0')}`;
  return {
    name,
    description: `Numbered tool ${index}.`,
    inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
  };
}

/** Every tool now listed: the feature tools, the numbered ones, then one added_<g> per change_tools call. */
export function allTools(numbered) {
  const added = Array.from({ length: state.generation }, (_, index) => ({
    name: `added_${index + 1}`,
    description: `Added by change_tools (generation ${index + 1}).`,
    inputSchema: noArguments,
  }));
  return [
    ...featureTools,
    ...Array.from({ length: numbered }, (_, index) => numberedTool(index + 1)),
    ...added,
  ];
}

function encodeCursor(offset) {
  return Buffer.from(`v2-offset:${offset}`).toString('base64url');
}

function decodeCursor(cursor) {
  const match = /^v2-offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown cursor: ${cursor}`);
  return Number(match[1]);
}

/** One page of a list: items from the cursor on, and nextCursor while more remain. */
export function pageOf(items, cursor, pageSize) {
  const offset = cursor === undefined ? 0 : decodeCursor(cursor);
  if (offset > items.length)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cursor past the end: ${cursor}`);
  const end = offset + pageSize;
  return { items: items.slice(offset, end), nextCursor: end < items.length ? encodeCursor(end) : undefined };
}

function text(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function result(value) {
  return {
    content: [{ type: 'text', text: text(value) }],
    structuredContent: typeof value === 'object' ? value : { value },
  };
}

/** Mints an opaque state token; what it stands for (label, carried answers) stays in this process. */
function mintState(label, carried) {
  const token = `${label}:${randomBytes(9).toString('base64url')}`;
  state.minted.set(token, { label, carried });
  return token;
}

/** The request state as received, checked against what this process minted; throws on tampering. */
function checkedState(received, expectedLabel) {
  const minted = typeof received === 'string' ? state.minted.get(received) : undefined;
  if (minted?.label !== expectedLabel) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `requestState was not echoed untouched: expected a ${expectedLabel} state, got ${JSON.stringify(received)}`,
    );
  }
  state.minted.delete(received);
  return minted.carried;
}

function elicitFirstSecond(key) {
  return inputRequired.elicit({
    message: `Answer the ${key} question`,
    requestedSchema: {
      type: 'object',
      properties: { answer: { type: 'string', default: `${key}-default` } },
    },
  });
}

function twoRounds(ctx) {
  const responses = ctx.mcpReq.inputResponses;
  const received = ctx.mcpReq.requestState();
  if (responses?.second !== undefined) {
    const first = checkedState(received, 'two_rounds/2');
    return result({ rounds: 2, first, second: inputResponse(responses, 'second'), requestStateEchoed: true });
  }
  if (responses?.first !== undefined) {
    checkedState(received, 'two_rounds/1');
    // The first answer is carried under the next state token: the retry brings only the second answer.
    const first = inputResponse(responses, 'first');
    return inputRequired({
      inputRequests: { second: elicitFirstSecond('second') },
      requestState: mintState('two_rounds/2', first),
    });
  }
  return inputRequired({
    inputRequests: { first: elicitFirstSecond('first') },
    requestState: mintState('two_rounds/1'),
  });
}

async function legacyInput(ctx, name) {
  // 2025 era: the same tools ask through server-to-client requests instead of input_required.
  if (name === 'confirm_action' || name === 'two_rounds') {
    return ctx.mcpReq.elicitInput({
      message: 'Confirm the action',
      requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean', default: true } } },
    });
  }
  if (name === 'sample_summary')
    return ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize: MCP' } }],
      maxTokens: 50,
    });
  return ctx.mcpReq.send({ method: 'roots/list' });
}

/**
 * Runs a tool. `context` carries what the server instance knows: era, request headers (HTTP), how to announce a
 * list change, how many numbered tools there are.
 */
export async function callTool(request, ctx, context) {
  const { name, arguments: args = {} } = request.params;
  if (!allTools(context.numbered).some((tool) => tool.name === name))
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
  const responses = ctx.mcpReq.inputResponses;
  switch (name) {
    case 'echo_request':
    case 'regional_lookup':
      return result({
        tool: name,
        era: context.era,
        headers: context.headers,
        envelope: ctx.mcpReq.envelope ?? null,
        meta: ctx.mcpReq._meta ?? null,
        arguments: args,
      });
    case 'invalid_header_tool':
      return result({ tool: name, called: true, arguments: args });
    case 'change_tools':
      state.generation += 1;
      await context.announceToolsChanged();
      return result({ generation: state.generation, added: `added_${state.generation}` });
    case 'two_rounds':
      if (context.era === 'legacy') return result({ era: 'legacy', answer: await legacyInput(ctx, name) });
      return twoRounds(ctx);
    case 'confirm_action':
    case 'sample_summary':
    case 'list_client_roots': {
      if (context.era === 'legacy') return result({ era: 'legacy', answer: await legacyInput(ctx, name) });
      if (responses?.input !== undefined)
        return result({ tool: name, input: inputResponse(responses, 'input'), raw: responses.input });
      const requests = {
        confirm_action: () =>
          inputRequired.elicit({
            message: `Confirm ${typeof args.action === 'string' ? args.action : 'the action'}?`,
            requestedSchema: {
              type: 'object',
              properties: {
                confirmed: { type: 'boolean', default: true },
                name: { type: 'string', default: 'Ada' },
              },
              required: ['confirmed'],
            },
          }),
        sample_summary: () =>
          inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Summarize: MCP' } }],
            maxTokens: 50,
          }),
        list_client_roots: () => inputRequired.listRoots(),
      };
      return inputRequired({ inputRequests: { input: requests[name]() } });
    }
    default:
      if (name.startsWith('tool_') || name.startsWith('added_'))
        return result({ tool: name, arguments: args });
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
  }
}
