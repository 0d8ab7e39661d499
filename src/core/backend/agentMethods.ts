/**
 * The contract's method for an agent's session (a session `loupe mcp` opened for an agent, shown here live through
 * the same link taps use: tapMethods.ts): the person stops it. Its `loupe mcp` ends the session, and the agent
 * hears 'session-stopped' from then on.
 */
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import type { TapControl } from './tapMethods.js';

export function createAgentMethods(
  control: () => TapControl | undefined,
): Pick<BackendMethods, 'stopAgentSession'> {
  return {
    stopAgentSession() {
      const link = control();
      if (!link)
        return Promise.reject(
          new LoupeError({
            kind: 'usage',
            message: "Stop ends an agent's session (loupe mcp); this session is not one.",
          }),
        );
      try {
        link.stop();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return Promise.resolve();
    },
  };
}
