/**
 * Ajv, loaded the first time a schema is checked or a result validated, not when a module that may check one is
 * imported: it is 80-odd CommonJS modules, most of what a `loupe list` or `loupe call` of a small server loaded
 * before it sent its first request, and most runs check no schema (a table prints none; a tool without an
 * outputSchema validates nothing). Ajv is CommonJS, so a synchronous require keeps its callers synchronous.
 */
import { createRequire } from 'node:module';

type AjvModule = typeof import('ajv');
type Ajv2019Module = typeof import('ajv/dist/2019.js');
type Ajv2020Module = typeof import('ajv/dist/2020.js');
type FormatsModule = typeof import('ajv-formats');

export interface AjvModules {
  Ajv: AjvModule['Ajv'];
  Ajv2019: Ajv2019Module['Ajv2019'];
  Ajv2020: Ajv2020Module['Ajv2020'];
  addFormats: FormatsModule['default'];
  /** The draft-06 meta-schema, for the draft-07 engine to accept schemas that declare draft-06. */
  draft06: Record<string, unknown>;
}

// Resolved from this file, as an import of these packages would be (out/node/core/json or the CLI's bundle).
const requireLazily = createRequire(import.meta.url);
let loaded: AjvModules | undefined;

export function ajvModules(): AjvModules {
  if (loaded) return loaded;
  const core = requireLazily('ajv') as AjvModule;
  const draft2019 = requireLazily('ajv/dist/2019.js') as Ajv2019Module;
  const draft2020 = requireLazily('ajv/dist/2020.js') as Ajv2020Module;
  const formats = requireLazily('ajv-formats') as FormatsModule;
  const draft06 = requireLazily('ajv/dist/refs/json-schema-draft-06.json') as Record<string, unknown>;
  loaded = {
    Ajv: core.Ajv,
    Ajv2019: draft2019.Ajv2019,
    Ajv2020: draft2020.Ajv2020,
    addFormats: formats.default,
    draft06,
  };
  return loaded;
}
