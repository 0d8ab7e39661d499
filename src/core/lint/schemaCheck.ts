/**
 * Whether a JSON Schema compiles, with the dialect it declares: 2020-12 (the MCP default, also for no
 * `$schema`), 2019-09, or draft-07 / draft-06. An undeclared or unknown dialect is checked as 2020-12 with
 * `$schema` set aside, since lint's codes are about the schema, not about which dialects Ajv ships.
 */
import type { Ajv } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonObject, JsonValue } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import { ajvModules } from '../json/ajvModules.js';

type Engine = Ajv | Ajv2019 | Ajv2020;
type Dialect = 'draft2020' | 'draft2019' | 'draft07';

const options = { allErrors: false, strict: false, validateSchema: true, logger: false } as const;

function dialectOf(declared: unknown): Dialect | undefined {
  if (declared === undefined) return 'draft2020';
  if (typeof declared !== 'string') return undefined;
  if (/json-schema\.org\/draft\/2020-12\/schema/.test(declared)) return 'draft2020';
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(declared)) return 'draft2019';
  if (/json-schema\.org\/draft-0[67]\/schema/.test(declared)) return 'draft07';
  return undefined;
}

/**
 * Compiles schemas with engines made on first use (Ajv itself loads then: ajvModules.ts); one checker per lint run,
 * so nothing piles up.
 */
export class SchemaChecker {
  readonly #engines = new Map<Dialect, Engine>();

  #engine(dialect: Dialect): Engine {
    let engine = this.#engines.get(dialect);
    if (!engine) {
      const { Ajv, Ajv2019, Ajv2020, addFormats, draft06 } = ajvModules();
      if (dialect === 'draft2020') engine = new Ajv2020(options);
      else if (dialect === 'draft2019') engine = new Ajv2019(options);
      else {
        const draft07 = new Ajv(options);
        draft07.addMetaSchema(draft06);
        engine = draft07;
      }
      addFormats(engine);
      this.#engines.set(dialect, engine);
    }
    return engine;
  }

  /**
   * Undefined when the schema is valid, else Ajv's reason in one line. `text` is JSON.stringify(schema) when the
   * caller made it already (lint reads it for x-mcp-header too): the verdicts are cached by it.
   */
  problem(schema: JsonObject, text = JSON.stringify(schema)): string | undefined {
    // One lookup: a valid schema is cached as null, a miss is undefined.
    const known = knownProblems.get(text);
    if (known !== undefined) return known ?? undefined;
    const problem = this.#check(schema, text);
    if (knownProblems.size >= cacheLimit) knownProblems.delete(knownProblems.keys().next().value ?? '');
    knownProblems.set(text, problem ?? null);
    return problem;
  }

  /**
   * Validation against the dialect's meta-schema catches malformed keywords quickly. References are then
   * resolved: local JSON pointers ("#/$defs/x") by hand, anything else (anchors, nested $id, remote or
   * dynamic references) by a full compile, which costs milliseconds per schema.
   */
  #check(schema: JsonObject, text: string): string | undefined {
    const dialect = dialectOf(schema.$schema);
    // $id is set aside so two tools sharing one id do not clash inside the engine.
    const { $id: _id, ...rest } = schema;
    if (dialect === undefined) delete rest.$schema;
    const engine = this.#engine(dialect ?? 'draft2020');
    try {
      if (!engine.validateSchema(rest)) return engine.errorsText(engine.errors, { dataVar: 'schema' });
      if (!/"\$(?:dynamic|recursive)?[rR]ef"/.test(text)) return undefined;
      const local = localReferences(rest);
      if (local !== null) return local.problem;
      engine.compile(rest);
      engine.removeSchema(rest);
      return undefined;
    } catch (error) {
      engine.removeSchema(rest);
      return (error instanceof Error ? error.message : String(error)).split('\n')[0];
    }
  }
}

/** Follows a "#/a/b" JSON pointer inside the schema; false when it leads nowhere. */
function resolves(root: JsonObject, reference: string): boolean {
  let node: JsonValue = root;
  for (const raw of reference.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node) && /^\d+$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else if (isJsonObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return false;
  }
  return true;
}

/** The verdict on local pointer references, or null when a reference needs the engine (anchors, nested $id, remote). */
function localReferences(schema: JsonObject): { problem?: string } | null {
  const references: string[] = [];
  let needsEngine = false;
  const visit = (node: JsonValue, root: boolean): void => {
    if (Array.isArray(node)) for (const item of node) visit(item, false);
    else if (isJsonObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') references.push(value);
        else if (
          ['$dynamicRef', '$recursiveRef', '$anchor', '$dynamicAnchor'].includes(key) ||
          (key === '$id' && !root)
        )
          needsEngine = true;
        visit(value, false);
      }
    }
  };
  visit(schema, true);
  if (needsEngine) return null;
  for (const reference of references) {
    if (reference === '#') continue;
    if (!reference.startsWith('#/')) return null;
    if (!resolves(schema, reference)) return { problem: `can't resolve reference ${reference} from id #` };
  }
  return {};
}

/** Verdicts by schema text, shared by lint runs: a refresh of a 1000-tool list re-checks nothing unchanged. */
const knownProblems = new Map<string, string | null>();
const cacheLimit = 5000;
