/** What collectionMethods.ts runs, in one module it loads on first use (see there). */
export { draftStep } from '../collections/draftStep.js';
export { parseCollection } from '../collections/parseCollection.js';
export { runCollection } from '../collections/runCollection.js';
