export * from './schemaTypes.js';
export { normalizeSchema, maxNodes, maxRefRecursion } from './normalize.js';
export { buildArguments, chooseVariant, toJson } from './buildArguments.js';
export { resolveLocalRef } from './refs.js';
export { mergeSchemas } from './merge.js';
