/**
 * The lenses the app's backend runs over a whole list (lint, the security scan, host portability, token costs), as
 * jobs named by a string and given data only, so the same table runs on the lens thread (lensWorker.ts) and, where no
 * thread can start, inline (lensThread.ts). Each is a pure function of its input: what the thread answers is exactly
 * what the function answers on the caller's thread.
 */
import type { JsonObject } from '../../shared/json.js';
import type { Finding } from '../../shared/lint.js';
import type { ContextCost, PortabilityReport } from '../../shared/portability.js';
import type { OtherServerTools } from '../../shared/security.js';
import { lintTools } from '../lint/lintTools.js';
import { checkPortability } from '../portability/checkTools.js';
import { currentProfiles } from '../portability/profiles/index.js';
import { contextCost } from '../portability/tokenCost.js';
import { scanSurface } from '../security/scanSurface.js';
import type { ServerSurface } from '../security/surface.js';

export interface LensJobs {
  lintTools: (items: readonly JsonObject[]) => Finding[];
  scanSurface: (input: { surface: ServerSurface; others: readonly OtherServerTools[] }) => Finding[];
  portability: (input: { items: readonly JsonObject[]; serverName?: string }) => PortabilityReport;
  contextCost: (items: readonly JsonObject[]) => Promise<ContextCost>;
}

export type LensName = keyof LensJobs;
export type LensInput<Name extends LensName> = Parameters<LensJobs[Name]>[0];
export type LensOutput<Name extends LensName> = Awaited<ReturnType<LensJobs[Name]>>;

export const lensJobs: LensJobs = {
  lintTools: (items) => lintTools(items),
  scanSurface: ({ surface, others }) => scanSurface(surface, { others }),
  portability: ({ items, serverName }) =>
    checkPortability(items, currentProfiles, serverName === undefined ? {} : { serverName }),
  contextCost: (items) => contextCost(items),
};

export function isLensName(name: unknown): name is LensName {
  return typeof name === 'string' && Object.hasOwn(lensJobs, name);
}
