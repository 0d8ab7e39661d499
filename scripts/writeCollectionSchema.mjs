#!/usr/bin/env node
// Writes schemas/loupe.collection.schema.json from src/core/collections/collectionSchema.ts (built to out/node):
// `npm run build:node && node scripts/writeCollectionSchema.mjs`. A test fails when the two differ.
import { writeFileSync } from 'node:fs';
import { collectionSchema } from '../out/node/core/collections/collectionSchema.js';

writeFileSync(
  new URL('../schemas/loupe.collection.schema.json', import.meta.url),
  `${JSON.stringify(collectionSchema, null, 2)}\n`,
);
