/**
 * The shape of a host profile: data, one file per host or model API under profiles/. Each rule names its kind (what
 * the engine checks), its verdict when broken, and the public source it comes from, with whose page that is. A rule
 * without a source is not shipped: the profile tests refuse one, and one whose source is not the provider's own page
 * without a note saying why.
 */
import type { HostVerdict, RuleSource, SourcePublisher } from '../../shared/portability.js';

type Broken = Exclude<HostVerdict, 'accepted'>;

/** A profile's source always says whose page it is. */
export type ProfileSource = RuleSource & { publisher: SourcePublisher };

interface RuleBase {
  /** Stable within the profile: findings and the UI name it. */
  id: string;
  /**
   * refused only where the source says the request fails (or the host leaves the tool out); limited where the tool
   * may not reach the model and a setting gets it there; changed where the host rewrites or drops part of it.
   */
  verdict: Broken;
  source: ProfileSource;
  /** What a person does about it (required for limited rules: the test refuses one without). */
  workaround?: string;
}

/** The name the host gives the model must match. `template` builds it: `{tool}`, `{server}`. */
export interface NamePatternRule extends RuleBase {
  kind: 'name-pattern';
  pattern: string;
  /** Said in messages: "letters, digits, _ and -". */
  allowed: string;
  template?: string;
  /** What the host does with such a name, for a rewriting host (verdict changed): "replaces them with _". */
  effect?: string;
}

export interface NameLengthRule extends RuleBase {
  kind: 'name-length';
  max: number;
  template?: string;
  /** Characters of the server name the host replaces with `_` (a regular expression's character class). */
  serverReplace?: string;
  /** What the host does with such a name, for a rewriting host (verdict changed): "cuts it to 63". */
  effect?: string;
}

export interface DescriptionLengthRule extends RuleBase {
  kind: 'description-length';
  max: number;
  /** What `max` counts: characters (the default) or UTF-8 bytes (a limit given in KB). */
  unit?: 'characters' | 'utf8-bytes';
}

/** Keywords the host refuses at the top of inputSchema (Anthropic: oneOf, allOf, anyOf). */
export interface TopLevelKeywordsRule extends RuleBase {
  kind: 'top-level-keywords';
  keywords: string[];
}

/** Keywords refused anywhere in inputSchema. */
export interface ForbiddenKeywordsRule extends RuleBase {
  kind: 'forbidden-keywords';
  keywords: string[];
}

/** Only these keywords are understood; any other is refused (Gemini's OpenAPI subset: "Cannot find field"). */
export interface AllowedKeywordsRule extends RuleBase {
  kind: 'allowed-keywords';
  keywords: string[];
}

/** `type` must be one string, not an array of types. */
export interface SingleTypeRule extends RuleBase {
  kind: 'single-type';
}

/** OpenAI strict mode: every object closes (`additionalProperties: false`) and requires each of its properties. */
export interface StrictObjectsRule extends RuleBase {
  kind: 'strict-objects';
  /** closed: `additionalProperties: false` on each object; all-required: each property listed in `required`. */
  require: 'closed' | 'all-required';
}

/** Size limits of one schema: properties in all, nesting of objects. */
export interface SchemaLimitsRule extends RuleBase {
  kind: 'schema-limits';
  maxProperties?: number;
  maxDepth?: number;
}

/**
 * A boolean schema (`true`/`false`) among the top-level properties of a tool's schema, e.g. `"data": true`, where the
 * MCP TypeScript SDK's tool list validation wants an object (deeper booleans pass it).
 */
export interface BooleanSubschemaRule extends RuleBase {
  kind: 'boolean-subschema';
  /** Which of the tool's schemas: inputSchema, outputSchema. */
  fields: string[];
}

/** How many tools the host passes on; tools past the limit get the verdict. */
export interface ToolCountRule extends RuleBase {
  kind: 'tool-count';
  max: number;
}

/** Fields of the MCP tool the host's definition has no place for (dropped: the model never sees them). */
export interface DroppedFieldsRule extends RuleBase {
  kind: 'dropped-fields';
  fields: string[];
}

export type ProfileRule =
  | NamePatternRule
  | NameLengthRule
  | DescriptionLengthRule
  | TopLevelKeywordsRule
  | ForbiddenKeywordsRule
  | AllowedKeywordsRule
  | SingleTypeRule
  | StrictObjectsRule
  | SchemaLimitsRule
  | BooleanSubschemaRule
  | ToolCountRule
  | DroppedFieldsRule;

export interface HostProfile {
  /** What `--hosts` takes: `openai`, `claude-code`. */
  id: string;
  name: string;
  kind: 'model-api' | 'host';
  /** Which host and request path it stands for: "Gemini API, functionDeclarations[].parametersJsonSchema". */
  standsFor: string;
  /**
   * A path today's hosts no longer send (Gemini's OpenAPI-subset `parameters`): checked only when named (`--hosts`),
   * never in `all`, the board or the app.
   */
  legacy?: boolean;
  /** The profile's version: the day its rules were last checked, and a counter. */
  version: string;
  /** What the profile checks and what it leaves out, for the README and the UI. */
  notes: string;
  /** Rules of other profiles this host also applies (Claude Code sends tools to the Anthropic API). */
  inherits?: string[];
  rules: ProfileRule[];
}
