/** The rules of a profile that look inside a tool's schemas: each yields the places (paths) that break it. */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { ProfileRule } from './profileTypes.js';
import { isObjectSchema, segment, walkSchema } from './schemaWalk.js';

export interface Breach {
  path: string;
  message: string;
}

function quoted(words: readonly string[]): string {
  return words.map((word) => JSON.stringify(word)).join(', ');
}

/** Breaches of one schema rule in one tool (empty when the rule is not a schema rule or holds). */
export function schemaBreaches(rule: ProfileRule, tool: JsonObject): Breach[] {
  const input = tool.inputSchema;
  const out: Breach[] = [];
  switch (rule.kind) {
    case 'top-level-keywords': {
      if (!isJsonObject(input)) return out;
      for (const keyword of rule.keywords) {
        if (keyword in input)
          out.push({
            path: `inputSchema.${keyword}`,
            message: `inputSchema has ${keyword} at the top level`,
          });
      }
      return out;
    }
    case 'forbidden-keywords':
    case 'allowed-keywords': {
      const allowed = new Set(rule.keywords);
      walkSchema(input, 'inputSchema', ({ schema, path }) => {
        if (typeof schema === 'boolean') return;
        for (const key of Object.keys(schema)) {
          const refused = rule.kind === 'forbidden-keywords' ? allowed.has(key) : !allowed.has(key);
          if (refused) out.push({ path: `${path}.${key}`, message: `${path} uses ${JSON.stringify(key)}` });
        }
      });
      return out;
    }
    case 'single-type': {
      walkSchema(input, 'inputSchema', ({ schema, path }) => {
        if (typeof schema !== 'boolean' && Array.isArray(schema.type)) {
          out.push({
            path: `${path}.type`,
            message: `${path} has a list of types (${schema.type.map((type) => JSON.stringify(type)).join(', ')})`,
          });
        }
      });
      return out;
    }
    case 'strict-objects': {
      walkSchema(input, 'inputSchema', ({ schema, path }) => {
        if (typeof schema === 'boolean' || !isObjectSchema(schema)) return;
        if (rule.require === 'closed') {
          if (schema.additionalProperties !== false) {
            out.push({
              path: `${path}.additionalProperties`,
              message: `${path} is an object without additionalProperties: false`,
            });
          }
          return;
        }
        const names = isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
        const required = new Set(
          Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [],
        );
        const optional = names.filter((name) => !required.has(name));
        if (optional.length > 0) {
          out.push({
            path: `${path}.required`,
            message: `${path} leaves ${optional.length === 1 ? 'a property' : 'properties'} out of required: ${quoted(optional.slice(0, 6))}${optional.length > 6 ? '…' : ''}`,
          });
        }
      });
      return out;
    }
    case 'schema-limits': {
      let properties = 0;
      let deepest = { depth: 0, path: 'inputSchema' };
      walkSchema(input, 'inputSchema', ({ schema, path, objectDepth }) => {
        if (typeof schema === 'boolean') return;
        if (isJsonObject(schema.properties)) properties += Object.keys(schema.properties).length;
        if (objectDepth > deepest.depth) deepest = { depth: objectDepth, path };
      });
      if (rule.maxProperties !== undefined && properties > rule.maxProperties) {
        out.push({
          path: 'inputSchema',
          message: `inputSchema has ${properties} object properties in all, more than ${rule.maxProperties}`,
        });
      }
      if (rule.maxDepth !== undefined && deepest.depth > rule.maxDepth) {
        out.push({
          path: deepest.path,
          message: `inputSchema nests objects ${deepest.depth} levels deep at ${deepest.path}, more than ${rule.maxDepth}`,
        });
      }
      return out;
    }
    case 'boolean-subschema': {
      for (const field of rule.fields) {
        const schema = tool[field];
        if (!isJsonObject(schema) || !isJsonObject(schema.properties)) continue;
        for (const [name, value] of Object.entries(schema.properties)) {
          if (typeof value !== 'boolean') continue;
          const path = `${field}.properties${segment(name)}`;
          out.push({ path, message: `${path} is the boolean schema ${String(value)}, not a schema object` });
        }
      }
      return out;
    }
    default:
      return out;
  }
}
