// Loupe's own host profiles (data in src/core/portability/profiles), not the hosts themselves: every rule has a public
// source read on a date, says whose page that is (and why when it is not the provider's own), and for each one a tool
// that breaks it and a tool that does not; where a host's users published a schema it refused, that is the breaking tool.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/shared/json.js';
import { checkTool, effectiveRules, resolveHosts } from '../../../src/core/portability/checkTools.js';
import type { HostProfile } from '../../../src/core/portability/profileTypes.js';
import { profiles } from '../../../src/core/portability/profiles/index.js';

const tool = (name: string, inputSchema: JsonObject, extra: JsonObject = {}): JsonObject => ({
  name,
  description: 'A tool.',
  inputSchema,
  ...extra,
});
const object = (properties: JsonObject, more: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  ...more,
});

/** n objects nested in one another, each closed and requiring its one property. */
function nested(levels: number): JsonObject {
  let schema: JsonObject = { type: 'string' };
  for (let level = 0; level < levels; level += 1) {
    schema = {
      type: 'object',
      properties: { inner: schema },
      required: ['inner'],
      additionalProperties: false,
    };
  }
  return schema;
}

interface Case {
  breaks: JsonObject;
  holds: JsonObject;
  /** Position of the tool in its list (count rules). */
  breaksAt?: number;
  holdsAt?: number;
  serverName?: string;
}

const anthropicCombinators: Case = {
  // Published: zereight/gitlab-mcp#551, a z.union serialised as a top-level oneOf; the API refused every request.
  breaks: tool('get_ci_catalog_resource', {
    oneOf: [
      object({ id: { type: 'string', minLength: 1 }, full_path: { type: 'string' } }, { required: ['id'] }),
      object(
        { id: { type: 'string' }, full_path: { type: 'string', minLength: 1 } },
        { required: ['full_path'] },
      ),
    ],
    type: 'object',
  }),
  holds: tool('get_ci_catalog_resource', object({ id: { type: 'string' }, full_path: { type: 'string' } })),
};
const droppedFields: Case = {
  breaks: tool('get_weather', object({}), {
    annotations: { readOnlyHint: true },
    outputSchema: object({ t: { type: 'number' } }),
  }),
  holds: tool('get_weather', object({})),
};

const cases: Record<string, Case> = {
  'openai/name-pattern': {
    breaks: tool('weather.get', object({})),
    holds: tool('get_weather-2', object({})),
  },
  'openai/name-length': { breaks: tool('a'.repeat(65), object({})), holds: tool('a'.repeat(64), object({})) },
  'openai/dropped-fields': droppedFields,
  'openai-strict/additional-properties-false': {
    // Published: openai/openai-python#1733, refused until additionalProperties: false was added.
    breaks: tool('get_weather_for_city', object({ city: { type: 'string' } }, { required: ['city'] })),
    holds: tool(
      'get_weather_for_city',
      object({ city: { type: 'string' } }, { required: ['city'], additionalProperties: false }),
    ),
  },
  'openai-strict/all-properties-required': {
    breaks: tool(
      'search',
      object(
        { q: { type: 'string' }, limit: { type: 'integer' } },
        { required: ['q'], additionalProperties: false },
      ),
    ),
    holds: tool(
      'search',
      object(
        { q: { type: 'string' }, limit: { type: ['integer', 'null'] } },
        { required: ['q', 'limit'], additionalProperties: false },
      ),
    ),
  },
  'openai-strict/root-any-of': {
    breaks: tool('pick', {
      type: 'object',
      anyOf: [object({ a: { type: 'string' } }, { required: ['a'], additionalProperties: false })],
    }),
    holds: tool(
      'pick',
      object(
        { value: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
        { required: ['value'], additionalProperties: false },
      ),
    ),
  },
  'openai-strict/one-of': {
    // Published: the OpenAI community thread's schema, refused with "'oneOf' is not permitted".
    breaks: tool('example_schema', {
      type: 'object',
      properties: {
        A: { type: 'string' },
        B: { type: 'number' },
        C: { type: 'array', items: { type: 'string' } },
      },
      oneOf: [{ required: ['A'] }, { required: ['B'] }, { required: ['C'] }],
      additionalProperties: false,
    }),
    holds: tool(
      'example_schema',
      object(
        { A: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        { required: ['A'], additionalProperties: false },
      ),
    ),
  },
  'openai-strict/unsupported-composition': {
    breaks: tool(
      'merge',
      object(
        { item: { allOf: [object({ a: { type: 'string' } })] } },
        { required: ['item'], additionalProperties: false },
      ),
    ),
    // prefixItems is not on the page's unsupported list (read 2026-12-06): a tuple passes this rule.
    holds: tool(
      'merge',
      object(
        {
          item: object({ a: { type: 'string' } }, { required: ['a'], additionalProperties: false }),
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        },
        { required: ['item', 'pair'], additionalProperties: false },
      ),
    ),
  },
  'openai-strict/schema-limits': { breaks: tool('deep', nested(11)), holds: tool('deep', nested(10)) },
  'anthropic/name-pattern': {
    breaks: tool('weather.get', object({})),
    holds: tool('weather_get', object({})),
  },
  // The define-tools page, as read here on 2026-12-06, says ^[a-zA-Z0-9_-]{1,64}$.
  'anthropic/name-length': {
    breaks: tool('b'.repeat(65), object({})),
    holds: tool('b'.repeat(64), object({})),
  },
  'anthropic/top-level-combinators': anthropicCombinators,
  'anthropic/dropped-fields': droppedFields,
  'gemini/name-pattern': {
    breaks: tool('1st_tool', object({})),
    holds: tool('_files:read.v2-beta', object({})),
  },
  // 128 since the reference's update of 2026-05-20 (64 before).
  'gemini/name-length': {
    breaks: tool('c'.repeat(129), object({})),
    holds: tool('c'.repeat(128), object({})),
  },
  // parametersJsonSchema: the MCP tool's outputSchema travels as responseJsonSchema, so only the rest is dropped.
  'gemini/dropped-fields': {
    breaks: tool('get_weather', object({}), { annotations: { readOnlyHint: true } }),
    holds: tool('get_weather', object({}), { outputSchema: object({ t: { type: 'number' } }) }),
  },
  'gemini-parameters/openapi-subset': {
    // Published: nanbingxyz/5ire#42, server-filesystem's items carrying additionalProperties ("Cannot find field").
    breaks: tool(
      'edit_file',
      object({
        edits: {
          type: 'array',
          items: object(
            { oldText: { type: 'string' } },
            { required: ['oldText'], additionalProperties: false },
          ),
        },
      }),
    ),
    holds: tool(
      'edit_file',
      object({
        edits: {
          type: 'array',
          items: object({ oldText: { type: 'string' } }, { required: ['oldText'] }),
          minItems: 1,
        },
      }),
    ),
  },
  'gemini-parameters/single-type': {
    breaks: tool('set_bio', object({ bio: { type: ['string', 'null'] } })),
    holds: tool('set_bio', object({ bio: { type: 'string', nullable: true } })),
  },
  'gemini-parameters/dropped-fields': droppedFields,
  'claude-code/full-name-length': {
    // mcp__my_server__ is 16 characters: a tool name of 49 makes 65, past the API's 64.
    breaks: tool('d'.repeat(49), object({})),
    holds: tool('d'.repeat(48), object({})),
    serverName: 'my server',
  },
  'claude-code/description-cap': {
    // 2 KB: 2,048 bytes of UTF-8 (1,024 "é" are 2,048 bytes; 1,025 are 2,050).
    breaks: tool('note', object({}), { description: 'é'.repeat(1025) }),
    holds: tool('note', object({}), { description: 'é'.repeat(1024) }),
  },
  'claude-code/boolean-subschema': {
    // Published: modelcontextprotocol/inspector#1005, Go's interface{} as `"data": true`; Claude Code failed to fetch
    // the tools. The SDK checks top-level properties only: a boolean deeper (items: true) passes.
    breaks: tool('info', object({}), { outputSchema: object({ data: true, topic: { type: 'string' } }) }),
    holds: tool('info', object({ list: { type: 'array', items: true } }, { additionalProperties: false }), {
      outputSchema: object({ data: {}, topic: { type: 'string' } }),
    }),
  },
  'gemini-cli/name-sanitized': {
    breaks: tool('find files', object({})),
    holds: tool('files.read:v2', object({})),
    serverName: 'fs',
  },
  'gemini-cli/name-truncated': {
    // mcp_fs_ is 7 characters: a tool name of 57 makes 64, past 63.
    breaks: tool('f'.repeat(57), object({})),
    holds: tool('f'.repeat(56), object({})),
    serverName: 'fs',
  },
  'gemini-cli/dropped-fields': droppedFields,
  'claude-code/top-level-combinators': anthropicCombinators,
  'claude-code/dropped-fields': droppedFields,
  'vscode/tool-count': {
    breaks: tool('echo', object({})),
    breaksAt: 128,
    holds: tool('echo', object({})),
    holdsAt: 127,
  },
  'cursor/tool-count': {
    breaks: tool('echo', object({})),
    breaksAt: 40,
    holds: tool('echo', object({})),
    holdsAt: 39,
  },
  'cursor/combined-name-length': {
    breaks: tool('e'.repeat(58), object({})),
    holds: tool('e'.repeat(57), object({})),
    serverName: 'srv',
  },
};

const dated = /^\d{4}-\d{2}-\d{2}$/;

describe("Loupe's host profiles (its own data about the hosts)", () => {
  it('has a profile for each host and path, with unique ids, versions and what each stands for', () => {
    expect(profiles.map((profile) => profile.id)).toEqual([
      'openai',
      'openai-strict',
      'anthropic',
      'gemini',
      'gemini-parameters',
      'claude-code',
      'gemini-cli',
      'vscode',
      'cursor',
    ]);
    for (const profile of profiles) {
      expect(profile.version).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
      expect(profile.standsFor.length, profile.id).toBeGreaterThan(20);
    }
    // The OpenAPI-subset path is what older SDKs send: checked only when named.
    expect(profiles.filter((profile) => profile.legacy === true).map((profile) => profile.id)).toEqual([
      'gemini-parameters',
    ]);
  });

  for (const profile of profiles) {
    it(`${profile.id}: every rule has a dated public source that says whose page it is`, () => {
      const ids = profile.rules.map((rule) => rule.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const rule of profile.rules) {
        expect(rule.source.url, rule.id).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
        expect(rule.source.read, rule.id).toMatch(dated);
        // Every rule was re-read against its source on 2026-12-06 (issue 42).
        expect(rule.source.read, rule.id).toBe('2026-12-06');
        expect(rule.source.says.length, rule.id).toBeGreaterThan(20);
        expect(['provider', 'provider-error', 'third-party'], rule.id).toContain(rule.source.publisher);
        // A page that is not the provider's own says why it stands in.
        if (rule.source.publisher !== 'provider')
          expect(rule.source.note?.length ?? 0, rule.id).toBeGreaterThan(20);
        // A limit always comes with what gets the tool to the model.
        if (rule.verdict === 'limited') expect(rule.workaround?.length ?? 0, rule.id).toBeGreaterThan(20);
      }
      for (const parent of profile.inherits ?? [])
        expect(profiles.some((other) => other.id === parent)).toBe(true);
    });

    for (const rule of profile.rules) {
      it(`${profile.id}/${rule.id}: a tool that breaks it, and one that does not`, () => {
        const example = cases[`${profile.id}/${rule.id}`];
        expect(example, 'every shipped rule needs a case here').toBeDefined();
        const options = example.serverName === undefined ? {} : { serverName: example.serverName };
        const broken = checkTool(example.breaks, example.breaksAt ?? 0, profile, options);
        const issue = broken.issues.find((candidate) => candidate.rule === rule.id);
        expect(issue, JSON.stringify(broken.issues)).toBeDefined();
        expect(issue?.verdict).toBe(rule.verdict);
        expect(issue?.source.url).toBe(rule.source.url);
        expect(broken.verdict).toBe(rule.verdict === 'refused' ? 'refused' : broken.verdict);
        const kept = checkTool(example.holds, example.holdsAt ?? 0, profile, options);
        expect(kept.issues.filter((candidate) => candidate.rule === rule.id)).toEqual([]);
      });
    }
  }
});

describe('the engine', () => {
  it('names the path of the place that breaks a rule', () => {
    const claudeCode = resolveHosts(['claude-code'])[0];
    const result = checkTool(cases['claude-code/boolean-subschema'].breaks, 0, claudeCode);
    expect(result.verdict).toBe('refused');
    expect(result.issues.find((issue) => issue.rule === 'boolean-subschema')?.path).toBe(
      'outputSchema.properties.data',
    );
    const parameters = resolveHosts(['gemini-parameters'])[0];
    const paths = checkTool(cases['gemini-parameters/openapi-subset'].breaks, 0, parameters).issues.map(
      (issue) => issue.path,
    );
    expect(paths).toEqual(['inputSchema.properties.edits.items.additionalProperties']);
  });

  it('applies the rules a profile inherits: strict mode keeps the OpenAI name rules', () => {
    const strict = resolveHosts(['openai-strict'])[0];
    expect(effectiveRules(strict).map((rule) => rule.id)).toEqual([
      'name-pattern',
      'name-length',
      'dropped-fields',
      'additional-properties-false',
      'all-properties-required',
      'root-any-of',
      'one-of',
      'unsupported-composition',
      'schema-limits',
    ]);
    const result = checkTool(tool('weather.get', object({}, { additionalProperties: false })), 0, strict);
    expect(result.issues.map((issue) => `${issue.verdict} ${issue.rule}`)).toEqual(['refused name-pattern']);
  });

  it('gives accepted with changes when only dropped fields apply, and accepted for a plain tool', () => {
    const [anthropic] = resolveHosts(['anthropic']);
    const changed = checkTool(droppedFields.breaks, 0, anthropic);
    expect(changed.verdict).toBe('changed');
    expect(changed.issues.map((issue) => issue.path)).toEqual(['outputSchema', 'annotations']);
    expect(checkTool(droppedFields.holds, 0, anthropic)).toEqual({ verdict: 'accepted', issues: [] });
  });

  it('counts every property against the strict limit', () => {
    const [strict] = resolveHosts(['openai-strict']);
    const properties = Object.fromEntries(
      Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    const wide = tool(
      'wide',
      object(properties, { required: Object.keys(properties), additionalProperties: false }),
    );
    const limits = checkTool(wide, 0, strict).issues.filter((issue) => issue.rule === 'schema-limits');
    expect(limits.map((issue) => issue.message)).toEqual([
      'inputSchema has 5001 object properties in all, more than 5000',
    ]);
  });

  it('checks a description length rule that a profile adds as data', () => {
    const profile: HostProfile = {
      id: 'test-host',
      name: 'Test host',
      kind: 'host',
      standsFor: 'A host made up for this test',
      version: '2026-12-02.1',
      notes: 'Only for this test.',
      rules: [
        {
          id: 'description-length',
          kind: 'description-length',
          max: 10,
          verdict: 'changed',
          source: {
            url: 'https://example.org/rules',
            read: '2026-12-02',
            publisher: 'provider',
            says: 'Descriptions are cut at 10 characters.',
          },
        },
      ],
    };
    expect(
      checkTool(tool('t', object({}), { description: 'Twelve chars' }), 0, profile).issues.map(
        (issue) => issue.message,
      ),
    ).toEqual(['the description is 12 characters, more than 10']);
    expect(checkTool(tool('t', object({}), { description: 'Ten chars!' }), 0, profile).verdict).toBe(
      'accepted',
    );
  });

  it('refuses an unknown host name and lists the known ones; all is every current path, a legacy one by name', () => {
    expect(() => resolveHosts(['openai', 'chatgpt'])).toThrow(
      /unknown host "chatgpt"; hosts are openai, openai-strict, anthropic, gemini, gemini-parameters, claude-code, gemini-cli, vscode, cursor or all/,
    );
    expect(resolveHosts(['all']).map((profile) => profile.id)).toEqual([
      'openai',
      'openai-strict',
      'anthropic',
      'gemini',
      'claude-code',
      'gemini-cli',
      'vscode',
      'cursor',
    ]);
    expect(resolveHosts(['all', 'gemini-parameters']).map((profile) => profile.id)).toContain(
      'gemini-parameters',
    );
  });
});
