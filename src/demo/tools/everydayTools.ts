/**
 * The demo's many everyday tools (list/get/create/update/delete/search/export/count for each business
 * entity), generated from the catalogue so the server has a realistic, paginated inventory.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { echoResult, type DemoTool } from '../demoTool.js';
import { entities, verbs, type Entity, type FieldSpec, type Verb } from './catalogue.js';

type Properties = Record<string, object>;

function fieldSchema(field: FieldSpec): object {
  const schema: Record<string, unknown> = { type: field.type, description: field.description };
  if (field.format) schema.format = field.format;
  if (field.enum) schema.enum = field.enum;
  return schema;
}

function fieldProperties(entity: Entity): Properties {
  return Object.fromEntries(entity.fields.map((field) => [field.name, fieldSchema(field)]));
}

const idProperty = (entity: Entity): Properties => ({
  id: { type: 'string', description: `Identifier of the ${entity.singular.replace(/_/g, ' ')}.`, examples: [`${entity.singular.slice(0, 3)}_0042`] },
});

const paging: Properties = {
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Page size.' },
  cursor: { type: ['string', 'null'], description: 'Opaque cursor from a previous call.' },
};

function describe(verb: Verb, entity: Entity): string {
  const one = entity.singular.replace(/_/g, ' ');
  const many = entity.plural.replace(/_/g, ' ');
  switch (verb) {
    case 'list':
      return `List ${many} (${entity.domain}), newest first.\nReturns up to \`limit\` items and a cursor for more.`;
    case 'get':
      return `Fetch one ${one} by id: ${entity.noun}.`;
    case 'create':
      return `Create ${entity.noun.replace(/^an? /, 'a new ')}.`;
    case 'update':
      return `Update fields of an existing ${one}; fields left out keep their value.`;
    case 'delete':
      return `Delete a ${one} permanently.`;
    case 'search':
      return `Full-text search across ${many}, with optional filters.`;
    case 'export':
      return `Export ${many} as CSV or JSON for a date range.`;
    case 'count':
      return `Count ${many} matching an optional filter.`;
  }
}

function inputSchema(verb: Verb, entity: Entity): Tool['inputSchema'] {
  const fields = fieldProperties(entity);
  switch (verb) {
    case 'list':
      return { type: 'object', properties: { ...paging } };
    case 'get':
      return { type: 'object', properties: idProperty(entity), required: ['id'] };
    case 'create':
      return { type: 'object', properties: fields, required: entity.fields.slice(0, 2).map((field) => field.name) };
    case 'update':
      return { type: 'object', properties: { ...idProperty(entity), changes: { type: 'object', properties: fields, minProperties: 1 } }, required: ['id', 'changes'] };
    case 'delete':
      return { type: 'object', properties: { ...idProperty(entity), reason: { type: 'string' } }, required: ['id'] };
    case 'search':
      return {
        type: 'object',
        properties: { query: { type: 'string', minLength: 1 }, filters: { type: 'object', properties: fields }, ...paging },
        required: ['query'],
      };
    case 'export':
      return {
        type: 'object',
        properties: {
          format: { type: 'string', enum: ['csv', 'json'], default: 'csv' },
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
        },
        required: ['from', 'to'],
      };
    case 'count':
      return { type: 'object', properties: { filters: { type: 'object', properties: fields } } };
  }
}

function annotations(verb: Verb): Tool['annotations'] {
  if (verb === 'delete') return { destructiveHint: true, idempotentHint: true, readOnlyHint: false };
  if (verb === 'create' || verb === 'update') return { readOnlyHint: false, destructiveHint: false };
  return { readOnlyHint: true };
}

function toolName(verb: Verb, entity: Entity): string {
  const subject = verb === 'list' || verb === 'search' || verb === 'export' || verb === 'count' ? entity.plural : entity.singular;
  return `${entity.domain}_${verb}_${subject}`;
}

function title(verb: Verb, entity: Entity): string {
  const subject = (verb === 'list' || verb === 'search' || verb === 'export' || verb === 'count' ? entity.plural : entity.singular).replace(/_/g, ' ');
  return `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${subject}`;
}

export const everydayTools: DemoTool[] = entities.flatMap((entity, entityIndex) =>
  verbs.map((verb, verbIndex): DemoTool => {
    const definition: Tool = {
      name: toolName(verb, entity),
      description: describe(verb, entity),
      inputSchema: inputSchema(verb, entity),
      annotations: annotations(verb),
    };
    // Titles on some tools only, as in the wild.
    if ((entityIndex + verbIndex) % 3 === 0) definition.title = title(verb, entity);
    return { definition, run: (args) => echoResult(args) };
  }),
);
