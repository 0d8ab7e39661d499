// Every rule of every host profile: it has a public source and a version, and for each one a tool that breaks it
// and a tool that does not; where a host's users published a schema it refused, that schema is the breaking tool.
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
  'openai/tool-count': {
    breaks: tool('echo', object({})),
    breaksAt: 128,
    holds: tool('echo', object({})),
    holdsAt: 127,
  },
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
    holds: tool(
      'merge',
      object(
        { item: object({ a: { type: 'string' } }, { required: ['a'], additionalProperties: false }) },
        { required: ['item'], additionalProperties: false },
      ),
    ),
  },
  'openai-strict/schema-limits': { breaks: tool('deep', nested(11)), holds: tool('deep', nested(10)) },
  'anthropic/name-pattern': {
    breaks: tool('weather.get', object({})),
    holds: tool('weather_get', object({})),
  },
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
  'gemini/name-length': { breaks: tool('c'.repeat(65), object({})), holds: tool('c'.repeat(64), object({})) },
  'gemini/openapi-subset': {
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
  'gemini/single-type': {
    breaks: tool('set_bio', object({ bio: { type: ['string', 'null'] } })),
    holds: tool('set_bio', object({ bio: { type: 'string', nullable: true } })),
  },
  'gemini/dropped-fields': droppedFields,
  'claude-code/full-name-length': {
    // mcp__my_server__ is 16 characters: a tool name of 113 makes 129.
    breaks: tool('d'.repeat(113), object({})),
    holds: tool('d'.repeat(112), object({})),
    serverName: 'my server',
  },
  'claude-code/boolean-subschema': {
    // Published: modelcontextprotocol/inspector#1005, Go's interface{} as `"data": true`; Claude Code failed to fetch the tools.
    breaks: tool('info', object({}), { outputSchema: object({ data: true, topic: { type: 'string' } }) }),
    holds: tool('info', object({}, { additionalProperties: false }), {
      outputSchema: object({ data: {}, topic: { type: 'string' } }),
    }),
  },
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

describe('host profiles', () => {
  it('has the hosts the issue names, with unique ids and versions', () => {
    expect(profiles.map((profile) => profile.id)).toEqual([
      'openai',
      'openai-strict',
      'anthropic',
      'gemini',
      'claude-code',
      'vscode',
      'cursor',
    ]);
    for (const profile of profiles) expect(profile.version).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
  });

  for (const profile of profiles) {
    it(`${profile.id}: every rule has a public source, read on a date, saying something`, () => {
      const ids = profile.rules.map((rule) => rule.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const rule of profile.rules) {
        expect(rule.source.url, rule.id).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
        expect(rule.source.read, rule.id).toMatch(dated);
        expect(rule.source.read <= '2026-12-02', rule.id).toBe(true);
        expect(rule.source.says.length, rule.id).toBeGreaterThan(20);
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
    const gemini = resolveHosts(['gemini'])[0];
    const paths = checkTool(cases['gemini/openapi-subset'].breaks, 0, gemini).issues.map(
      (issue) => issue.path,
    );
    expect(paths).toEqual(['inputSchema.properties.edits.items.additionalProperties']);
  });

  it('applies the rules a profile inherits: strict mode keeps the OpenAI name rules', () => {
    const strict = resolveHosts(['openai-strict'])[0];
    expect(effectiveRules(strict).map((rule) => rule.id)).toEqual([
      'name-pattern',
      'name-length',
      'tool-count',
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

  it('refuses an unknown host name and lists the known ones', () => {
    expect(() => resolveHosts(['openai', 'chatgpt'])).toThrow(
      /unknown host "chatgpt"; hosts are openai, openai-strict, anthropic, gemini, claude-code, vscode, cursor or all/,
    );
    expect(resolveHosts(['all']).map((profile) => profile.id)).toHaveLength(7);
  });
});
