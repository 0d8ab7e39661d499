/**
 * The contract's collection methods: check a collection's text, draft a step from a call ("Save to collection"),
 * and run a collection on the session — the same parser, runner and assertions as `loupe test`, over the
 * session's own connection and recorder, so each step's frames are in Traffic.
 */
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';
import type { McpSession } from '../types.js';

/**
 * The collections engine (its parser compiles the collection schema with Ajv when loaded), loaded when the
 * Collections view first asks: not on the way to the host's start.
 */
const collectionEngine = () => import('./collectionEngine.js');

export type CollectionMethods = Pick<
  BackendMethods,
  'checkCollection' | 'draftCollectionStep' | 'runCollection'
>;

export interface CollectionDependencies {
  /** The open session and its options; throws 'not-connected' without one. */
  live(): { session: McpSession; timeoutMs?: number; pageLimit?: number };
  /** Where relative snapshot files of a collection are read from (the working folder). */
  baseDirectory: string;
}

function text(value: unknown): string {
  if (typeof value !== 'string')
    throw new LoupeError({ kind: 'collection-invalid', message: 'A collection is a JSON text.' });
  return value;
}

export function createCollectionMethods(dependencies: CollectionDependencies): CollectionMethods {
  return {
    async checkCollection(given) {
      const { parseCollection } = await collectionEngine();
      return parseCollection(text(given), 'the collection');
    },
    async draftCollectionStep(call) {
      if (!isJsonObject(call) || typeof call.tool !== 'string' || !isJsonObject(call.result)) {
        throw new LoupeError({
          kind: 'usage',
          message: 'A step is drafted from a call: { tool, arguments, result }.',
        });
      }
      const args = isJsonObject(call.arguments) ? call.arguments : {};
      const { draftStep } = await collectionEngine();
      return draftStep({ tool: call.tool, arguments: args, result: call.result });
    },
    async runCollection(given, only) {
      const { parseCollection, runCollection } = await collectionEngine();
      const collection = parseCollection(text(given), 'the collection');
      const { session, timeoutMs, pageLimit } = dependencies.live();
      const names = Array.isArray(only)
        ? only.filter((name): name is string => typeof name === 'string')
        : undefined;
      return runCollection(collection, session, {
        baseDirectory: dependencies.baseDirectory,
        env: process.env,
        ...(names ? { only: names } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(pageLimit !== undefined ? { pageLimit } : {}),
      });
    },
  };
}
