/**
 * Reading what a server offers: `list` walks every page of one kind (tools, resources, templates, prompts, skills)
 * and hands the agent the count, whether the walk reached the end, and a page of short summaries; `describe` gives
 * one item exactly as the server sent it, every field, with what lint says about it. A listing that stopped early
 * (the page limit, a cursor loop, a timeout) says so loudly and is never passed off as complete.
 */
import { LoupeError } from '../../../shared/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json.js';
import { itemKey, listKinds, type ListKind, type ListResult } from '../../../shared/lists.js';
import { lintTools } from '../../lint/lintTools.js';
import type { AgentSession } from '../agentSessions.js';
import { listingUri, pageSize } from '../resources/sessionResources.js';
import {
  clip,
  errorDataSchema,
  json,
  objectSchema,
  optionalCount,
  outputSchema,
  resourceLink,
  sessionOf,
  sessionProperty,
  text,
  type AgentTool,
  type ToolContext,
} from './toolKit.js';

export const agentKinds = [...listKinds, 'skills'] as const;
export type AgentKind = (typeof agentKinds)[number];

/** One listing as the tools read it: the items as sent, pages walked, and how the walk ended. */
export interface Listing {
  kind: AgentKind;
  items: JsonObject[];
  pages: number;
  complete: boolean;
  error?: JsonObject;
}

function kindOf(args: JsonObject): AgentKind {
  const kind = text(args, 'kind');
  if (!(agentKinds as readonly string[]).includes(kind))
    throw new LoupeError({ kind: 'usage', message: `"kind" is one of ${agentKinds.join(', ')}.` });
  return kind as AgentKind;
}

function fromResult(result: ListResult): Listing {
  return {
    kind: result.kind,
    items: result.items,
    pages: result.pages.length,
    complete: result.complete,
    ...(result.error ? { error: json(result.error) as JsonObject } : {}),
  };
}

/** The session's listing of a kind: the one kept (walked before) unless `fresh`, else every page walked now. */
export async function listingOf(
  context: ToolContext,
  session: AgentSession,
  kind: AgentKind,
  options: { fresh?: boolean; more?: number | 'all' } = {},
): Promise<Listing> {
  const methods = (name: Parameters<ToolContext['sessions']['methods']>[1]) =>
    context.sessions.methods(session.id, name);
  if (kind === 'skills') {
    const listing = await methods('listSkills').listSkills();
    return {
      kind,
      items: listing.items,
      pages: listing.pages.length,
      complete: listing.complete,
      ...(listing.error ? { error: json(listing.error) as JsonObject } : {}),
    };
  }
  const kept = (await methods('keptLists').keptLists()).find((result) => result.kind === kind);
  // "morePages" goes on from where a page-limit stop left off; with nothing stopped yet it walks first, then goes on
  // (an agent that asks for every page at once gets them, not a refusal).
  if (options.more !== undefined && kept?.error?.kind === 'page-limit' && !options.fresh)
    return fromResult(await methods('listMore').listMore(kind, options.more));
  if (!options.fresh && kept && options.more === undefined) return fromResult(kept);
  const walked = await methods('list').list(kind);
  if (options.more !== undefined && walked.error?.kind === 'page-limit')
    return fromResult(await methods('listMore').listMore(kind, options.more));
  return fromResult(walked);
}

function keyOf(kind: AgentKind, item: JsonObject): string {
  if (kind === 'skills') return typeof item.uri === 'string' ? item.uri : '';
  return itemKey(kind, item);
}

/** A few words about one item: enough to choose it; describe gives everything. */
function summary(kind: AgentKind, item: JsonObject): JsonObject {
  const out: JsonObject = {};
  const put = (name: string, value: JsonValue | undefined) => {
    if (value !== undefined) out[name] = value;
  };
  if (kind === 'tools') {
    put('name', typeof item.name === 'string' ? item.name : json(item.name));
    put('title', clip(item.title, 120));
    put('description', clip(item.description, 240));
    const schema = isJsonObject(item.inputSchema) ? item.inputSchema : undefined;
    if (schema && Array.isArray(schema.required))
      put('required', schema.required.filter((name) => typeof name === 'string').slice(0, 20));
    const annotations = isJsonObject(item.annotations) ? item.annotations : undefined;
    if (annotations?.readOnlyHint === true) put('readOnly', true);
    if (annotations?.destructiveHint === true) put('destructive', true);
    if (item.outputSchema !== undefined) put('outputSchema', true);
  } else if (kind === 'skills') {
    put('uri', clip(item.uri, 500));
    const frontmatter = isJsonObject(item.frontmatter) ? item.frontmatter : {};
    put('name', clip(frontmatter.name, 120));
    put('description', clip(frontmatter.description, 240));
    if (Array.isArray(item.resources)) put('files', item.resources.length);
  } else {
    if (kind === 'resources') put('uri', clip(item.uri, 500));
    if (kind === 'templates') put('uriTemplate', clip(item.uriTemplate, 500));
    put('name', clip(item.name, 120));
    put('title', clip(item.title, 120));
    put('description', clip(item.description, 240));
    put('mimeType', clip(item.mimeType, 100));
    if (kind === 'prompts' && Array.isArray(item.arguments))
      put(
        'arguments',
        item.arguments
          .flatMap((argument) =>
            isJsonObject(argument) && typeof argument.name === 'string' ? [argument.name] : [],
          )
          .slice(0, 20),
      );
  }
  return out;
}

const kindProperty: JsonObject = {
  enum: [...agentKinds],
  description: 'tools, resources, templates (resource templates), prompts, or skills (SEP-2640).',
};

export const listTool: AgentTool = {
  name: 'list',
  title: 'List every item of one kind',
  description:
    'Walks every page of one list of the server (tools, resources, templates, prompts, or skills) and returns the total count, whether the walk reached the last page, and a window of short summaries (name, title, description clipped to 240 characters, required arguments, read-only/destructive claims). Use it to see what a server offers and to check counts. `complete: false` means the listing stopped early and `error` says why (page-limit: call again with `morePages`: a number or "all"); never treat such a listing as whole. The first call walks the server (one request per page); later calls with `offset` page through the kept listing without asking the server again (`refresh: true` walks anew). Every item exactly as sent: describe, or the `listing` resource (pages of 100).',
  inputSchema: objectSchema(
    {
      session: sessionProperty,
      kind: kindProperty,
      offset: { type: 'integer', minimum: 0, description: 'First summary to return (default 0).' },
      limit: { type: 'integer', minimum: 1, maximum: 500, description: 'How many summaries (default 100).' },
      morePages: {
        description: 'After a page-limit stop: go on from the last cursor for this many pages, or "all".',
        anyOf: [{ type: 'integer', minimum: 1 }, { const: 'all' }],
      },
      refresh: { type: 'boolean', description: 'Walk the server again instead of using the kept listing.' },
    },
    ['session', 'kind'],
  ),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      kind: { type: 'string' },
      count: { type: 'integer' },
      complete: { type: 'boolean' },
      pages: { type: 'integer' },
      error: errorDataSchema,
      offset: { type: 'integer' },
      items: { type: 'array', items: { type: 'object' } },
      nextOffset: { type: 'integer' },
      listing: { type: 'string', description: 'The resource with every item as sent, in pages of 100.' },
    },
    ['session', 'kind', 'count', 'complete', 'pages', 'offset', 'items', 'listing'],
  ),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const kind = kindOf(args);
    const offset = optionalCount(args, 'offset', Number.MAX_SAFE_INTEGER) ?? 0;
    const limit = optionalCount(args, 'limit', 500) || 100;
    const morePages = args.morePages;
    if (
      morePages !== undefined &&
      morePages !== 'all' &&
      !(typeof morePages === 'number' && Number.isInteger(morePages) && morePages >= 1)
    )
      throw new LoupeError({ kind: 'usage', message: '"morePages" is a whole number of pages, or "all".' });
    const listing = await listingOf(context, session, kind, {
      fresh: args.refresh === true || offset === 0,
      ...(morePages === undefined ? {} : { more: morePages }),
    });
    const window = listing.items.slice(offset, offset + limit).map((item) => summary(kind, item));
    const uri = listingUri(session.id, kind, 1);
    const structured: JsonObject = {
      session: session.id,
      kind,
      count: listing.items.length,
      complete: listing.complete,
      pages: listing.pages,
      ...(listing.error ? { error: listing.error } : {}),
      offset,
      items: window,
      ...(offset + limit < listing.items.length ? { nextOffset: offset + limit } : {}),
      listing: uri,
    };
    return {
      structured: context.sessions.scrub(session, structured),
      links: [
        resourceLink(
          uri,
          `${kind} of ${session.name}, page 1`,
          `Every ${kind} item exactly as sent, ${pageSize} a page (${Math.max(1, Math.ceil(listing.items.length / pageSize))} pages; change the last number for the next).`,
        ),
      ],
    };
  },
};

export const describeTool: AgentTool = {
  name: 'describe',
  title: 'Describe one item, every field as sent',
  description:
    "Returns one tool, resource, template, prompt or skill exactly as the server sent it — every field, unknown ones included (inputSchema, outputSchema, annotations, _meta, icons…) — with its position in the listing and, for a tool, what Loupe's lint finds in it. Use it before calling a tool, to read its schema. Names are matched exactly (a resource by its uri, a template by its uriTemplate, a skill by its SKILL.md uri). Uses the kept listing (walks the list once if there is none).",
  inputSchema: objectSchema(
    {
      session: sessionProperty,
      kind: kindProperty,
      name: {
        type: 'string',
        description: "The item's name (uri for resources and skills, uriTemplate for templates).",
      },
    },
    ['session', 'kind', 'name'],
  ),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      kind: { type: 'string' },
      name: { type: 'string' },
      index: { type: 'integer' },
      duplicates: { type: 'integer' },
      item: { type: 'object' },
      findings: { type: 'array', items: { type: 'object' } },
      complete: { type: 'boolean' },
    },
    ['session', 'kind', 'name', 'index', 'item', 'findings', 'complete'],
  ),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const kind = kindOf(args);
    const name = text(args, 'name');
    const listing = await listingOf(context, session, kind);
    const matches = listing.items.flatMap((item, index) => (keyOf(kind, item) === name ? [index] : []));
    const index = matches[0];
    const item = index === undefined ? undefined : listing.items[index];
    if (index === undefined || !item)
      throw new LoupeError({
        kind: 'usage',
        message: `No ${kind} item is named ${JSON.stringify(name.slice(0, 200))} in ${listing.complete ? 'the listing' : `the ${listing.items.length} items listed so far (the listing stopped early: list it with morePages)`}.`,
      });
    const findings =
      kind === 'tools'
        ? lintTools(listing.items).filter(
            (finding) => finding.index === index || (finding.index === undefined && finding.tool === name),
          )
        : [];
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        kind,
        name,
        index,
        ...(matches.length > 1 ? { duplicates: matches.length } : {}),
        item,
        findings: json(findings),
        complete: listing.complete,
      }),
    };
  },
};

export type { ListKind };
