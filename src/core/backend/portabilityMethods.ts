/**
 * The contract's portability method: the session's tool list against every host profile, and what its definitions
 * cost. Computed in Node, so the tokenizers' tables never enter the renderer's bundle, on the lens thread (lensThread.ts).
 */
import type { BackendMethods } from '../../shared/contract.js';
import type { JsonObject } from '../../shared/json.js';
import type { PortabilityCosts, PortabilityView } from '../../shared/portability.js';
import { runLens } from '../lenses/lensThread.js';

export interface PortabilityTools {
  items: JsonObject[];
  complete: boolean;
  serverName?: string;
}

export type PortabilityMethods = Pick<BackendMethods, 'portability' | 'portabilityCosts'>;

export function createPortabilityMethods(tools: () => Promise<PortabilityTools>): PortabilityMethods {
  return {
    async portability(): Promise<PortabilityView> {
      const { items, complete, serverName } = await tools();
      const report = await runLens(
        'portability',
        serverName === undefined ? { items } : { items, serverName },
      );
      return {
        report,
        costs: await runLens('contextCost', items),
        complete,
        ...(serverName === undefined ? {} : { serverName }),
      };
    },
    async portabilityCosts(): Promise<PortabilityCosts> {
      const { items, complete } = await tools();
      return { costs: await runLens('contextCost', items), complete };
    },
  };
}
