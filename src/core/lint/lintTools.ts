/**
 * Lint of a full tool list (all pages, duplicates kept): the stable codes of shared/lint.ts, checked
 * against the 2025-11-25 specification. Severities: `error` where the spec says MUST or a tool cannot
 * be used as sent (no name, no or unusable inputSchema, ambiguous duplicate names, an outputSchema that
 * does not compile, a schema nested deeper than the limit, which is not compiled and breaks clients that walk
 * schemas recursively); `warning` for SHOULDs (name length, characters, case collisions) and a missing
 * description; `info` for annotations, which the spec says clients must treat as untrusted claims.
 */
import type { Finding, FindingCode, Severity } from '../../shared/lint.js';
import { findingCodes } from '../../shared/lint.js';
import type { JsonObject, JsonValue } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import { SchemaChecker } from './schemaCheck.js';
import { deeperThan, defaultMaximumSchemaDepth } from './schemaDepth.js';

export interface LintOptions {
  /** Levels of objects and arrays a schema may nest; deeper ones get `schema-too-deep` and are not compiled. */
  maximumSchemaDepth?: number;
}
import { toolHeaderFindings } from './toolHeaderLint.js';
import { securityRuleSeverity } from '../security/ruleSeverity.js';

export const severities: Record<FindingCode, Severity> = {
  'name-empty': 'error',
  'name-too-long': 'warning',
  'name-charset': 'warning',
  'name-duplicate': 'error',
  'name-case-collision': 'warning',
  'input-schema-missing': 'error',
  'input-schema-not-object': 'error',
  'input-schema-invalid': 'error',
  'output-schema-invalid': 'error',
  'schema-too-deep': 'error',
  'description-missing': 'warning',
  'annotations-untrusted': 'info',
  'x-mcp-header-invalid': 'error',
  'deprecated-feature': 'info',
  'stdout-not-json': 'warning',
  'app-resource-unresolved': 'warning',
  'app-resource-mime': 'warning',
  ...securityRuleSeverity,
  'host-refused': 'error',
  'host-changed': 'info',
  'skill-entry-invalid': 'error',
  'skill-frontmatter': 'error',
  'skill-name-duplicate': 'warning',
};

export const maximumNameLength = 128;
const allowedNameCharacter = /^[A-Za-z0-9_.-]$/;
const allowedName = /^[A-Za-z0-9_.-]+$/;

/** How a JSON value reads in a message: `null`, `an array`, `a string`… */
function describeValue(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The tool's name for messages: quoted, shortened when very long. */
function label(name: string | undefined, index: number): string {
  if (name === undefined || name === '') return `Tool #${index + 1} (no name)`;
  // No more code points than code units: only a name longer than 60 units is split into characters.
  const shown = name.length > 60 && [...name].length > 60 ? `${[...name].slice(0, 57).join('')}…` : name;
  return `Tool "${shown}"`;
}

function nameFindings(
  name: JsonValue | undefined,
  tool: string,
  add: (code: FindingCode, message: string) => void,
): void {
  if (typeof name !== 'string') {
    add(
      'name-empty',
      `${tool} has ${name === undefined ? 'no name field' : `a name that is ${describeValue(name)}, not a string`}.`,
    );
    return;
  }
  if (name === '') {
    add('name-empty', `${tool} has an empty name; it cannot be called.`);
    return;
  }
  // The common name, short and of allowed characters only, is judged without splitting it (lint runs on every tool).
  if (name.length <= maximumNameLength && allowedName.test(name)) return;
  const characters = [...name];
  if (characters.length > maximumNameLength) {
    add(
      'name-too-long',
      `${tool} has a name of ${characters.length} characters; the spec says at most ${maximumNameLength}.`,
    );
  }
  const outside = [...new Set(characters.filter((character) => !allowedNameCharacter.test(character)))];
  if (outside.length > 0) {
    const shown = outside.map((character) => JSON.stringify(character)).join(', ');
    add('name-charset', `${tool} uses characters outside A–Z a–z 0–9 _ - . in its name: ${shown}.`);
  }
}

interface SchemaContext {
  label: string;
  checker: SchemaChecker;
  maximumDepth: number;
  add: (code: FindingCode, message: string) => void;
}

/** A finding for a schema too deep to check (true), so it is neither compiled nor walked further. */
function tooDeep(schema: JsonObject, field: 'inputSchema' | 'outputSchema', context: SchemaContext): boolean {
  if (!deeperThan(schema, context.maximumDepth)) return false;
  context.add(
    'schema-too-deep',
    `${context.label} has an ${field} nested more than ${context.maximumDepth} levels deep (objects and arrays); it was not checked, and clients that walk schemas recursively fail on it.`,
  );
  return true;
}

/** The findings of the tool's schemas; returns the inputSchema's JSON text when it was made (a checked schema). */
function schemaFindings(tool: JsonObject, context: SchemaContext): string | undefined {
  const { label, checker, add } = context;
  let inputText: string | undefined;
  if (!('inputSchema' in tool))
    add('input-schema-missing', `${label} has no inputSchema; the spec requires one.`);
  else {
    const schema = tool.inputSchema;
    if (!isJsonObject(schema)) {
      add(
        'input-schema-not-object',
        `${label} has an inputSchema that is ${describeValue(schema)}, not a JSON Schema object.`,
      );
    } else if (schema.type !== 'object') {
      const type = schema.type === undefined ? 'no type' : `type ${JSON.stringify(schema.type)}`;
      add(
        'input-schema-not-object',
        `${label} has an inputSchema with ${type}; the spec requires type "object".`,
      );
    } else if (!tooDeep(schema, 'inputSchema', context)) {
      inputText = JSON.stringify(schema);
      const problem = checker.problem(schema, inputText);
      if (problem !== undefined)
        add(
          'input-schema-invalid',
          `${label} has an inputSchema that is not a valid JSON Schema: ${problem}.`,
        );
    }
  }
  if ('outputSchema' in tool) {
    const schema = tool.outputSchema;
    if (!isJsonObject(schema)) {
      add(
        'output-schema-invalid',
        `${label} has an outputSchema that is ${describeValue(schema)}, not a JSON Schema object.`,
      );
    } else if (!tooDeep(schema, 'outputSchema', context)) {
      const problem = checker.problem(schema);
      if (problem !== undefined)
        add(
          'output-schema-invalid',
          `${label} has an outputSchema that is not a valid JSON Schema: ${problem}.`,
        );
      else if (schema.type !== 'object') {
        add(
          'output-schema-invalid',
          `${label} has an outputSchema whose type is not "object"; structuredContent is an object.`,
        );
      }
    }
  }
  return inputText;
}

/** Where each code sorts among a tool's findings. */
const codeOrder = new Map<FindingCode, number>(findingCodes.map((code, at) => [code, at]));

/** Findings for every tool, in list order, then in the order of the codes in shared/lint.ts. */
export function lintTools(tools: readonly JsonObject[], options: LintOptions = {}): Finding[] {
  const linter = new ToolLinter(options);
  linter.add(tools, 0);
  return linter.findings();
}

/**
 * Lint of a list taken a page at a time (the CLI lints each page while the walk waits for the next): the same
 * findings as lintTools over the whole list, once every page is added, whatever the pages' sizes.
 */
export class ToolLinter {
  readonly #maximumDepth: number;
  readonly #found: Finding[] = [];
  readonly #checker = new SchemaChecker();
  readonly #firstIndexByName = new Map<string, number>();
  readonly #namesByFolded = new Map<string, string>();

  constructor(options: LintOptions = {}) {
    this.#maximumDepth = Math.max(1, Math.floor(options.maximumSchemaDepth ?? defaultMaximumSchemaDepth));
  }

  /** Lints tools that sit at positions offset, offset + 1, … of the list. */
  add(tools: readonly JsonObject[], offset: number): void {
    for (let at = 0; at < tools.length; at += 1) this.#lintOne(tools[at], offset + at);
  }

  /** Every finding so far, in list order, then in the order of the codes in shared/lint.ts. */
  findings(): Finding[] {
    const order = (code: FindingCode): number => codeOrder.get(code) ?? findingCodes.length;
    return [...this.#found].sort(
      (left, right) => (left.index ?? 0) - (right.index ?? 0) || order(left.code) - order(right.code),
    );
  }

  #lintOne(tool: JsonObject, index: number): void {
    const name = typeof tool.name === 'string' ? tool.name : undefined;
    const shown = label(name, index);
    const add = (code: FindingCode, message: string): void => {
      this.#found.push(
        name === undefined
          ? { code, severity: severities[code], index, message }
          : { code, severity: severities[code], tool: name, index, message },
      );
    };
    nameFindings(tool.name, shown, add);
    if (name !== undefined && name !== '') {
      const first = this.#firstIndexByName.get(name);
      if (first !== undefined) {
        add(
          'name-duplicate',
          `${shown} is listed more than once (first at position ${first + 1}, again at ${index + 1}); calls by name are ambiguous.`,
        );
      } else {
        this.#firstIndexByName.set(name, index);
        const folded = name.toLowerCase();
        const other = this.#namesByFolded.get(folded);
        if (other !== undefined) {
          add(
            'name-case-collision',
            `${shown} differs from "${other}" only by letter case; clients that ignore case will confuse them.`,
          );
        } else this.#namesByFolded.set(folded, name);
      }
    }
    const inputText = schemaFindings(tool, {
      label: shown,
      checker: this.#checker,
      maximumDepth: this.#maximumDepth,
      add,
    });
    toolHeaderFindings(tool, shown, add, inputText);
    const description = tool.description;
    if (typeof description !== 'string' || description.trim() === '') {
      const how =
        description === undefined
          ? 'no description'
          : typeof description === 'string'
            ? 'a blank description'
            : 'a description that is not a string';
      add('description-missing', `${shown} has ${how}; a model cannot tell what it does.`);
    }
    if ('annotations' in tool && tool.annotations !== null) {
      add(
        'annotations-untrusted',
        `${shown} carries annotations; they are the server's claims, not guarantees.`,
      );
    }
  }
}
