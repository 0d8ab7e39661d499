/**
 * Whether a JSON Schema compiles, with the dialect it declares: 2020-12 (the MCP default, also for no
 * `$schema`), 2019-09, or draft-07 / draft-06. An undeclared or unknown dialect is checked as 2020-12 with
 * `$schema` set aside, since lint's codes are about the schema, not about which dialects Ajv ships.
 */
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import formatsModule from 'ajv-formats';
import type { JsonObject } from '../../shared/json.js';

const addFormats = formatsModule.default;

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

/** Compiles schemas with engines made on first use; one checker per lint run, so nothing piles up. */
export class SchemaChecker {
  readonly #engines = new Map<Dialect, Engine>();

  #engine(dialect: Dialect): Engine {
    let engine = this.#engines.get(dialect);
    if (!engine) {
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

  /** Undefined when the schema is valid, else Ajv's reason in one line. */
  problem(schema: JsonObject): string | undefined {
    const text = JSON.stringify(schema);
    if (knownProblems.has(text)) return knownProblems.get(text);
    const problem = this.#check(schema, text);
    if (knownProblems.size >= cacheLimit) knownProblems.delete(knownProblems.keys().next().value ?? '');
    knownProblems.set(text, problem);
    return problem;
  }

  /**
   * Validation against the dialect's meta-schema catches malformed keywords quickly; a full compile,
   * some milliseconds each, runs only for schemas with references, which it resolves.
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
      engine.compile(rest);
      engine.removeSchema(rest);
      return undefined;
    } catch (error) {
      engine.removeSchema(rest);
      return (error instanceof Error ? error.message : String(error)).split('\n')[0];
    }
  }
}

/** Verdicts by schema text, shared by lint runs: a refresh of a 1000-tool list re-checks nothing unchanged. */
const knownProblems = new Map<string, string | undefined>();
const cacheLimit = 5000;
