/**
 * What a snapshot shows a model, as the lens scans it: the tools and other lists as recorded (every page), the
 * instructions and serverInfo. The same surface a scan of its replay reads (the replay serves these frames).
 */
import type { Snapshot } from '../../shared/snapshot.js';
import type { ServerSurface } from './surface.js';

export function snapshotSurface(snapshot: Snapshot): ServerSurface {
  const lists = snapshot.lists ?? {};
  return {
    tools: snapshot.tools,
    ...(lists.prompts ? { prompts: lists.prompts.items } : {}),
    ...(lists.resources ? { resources: lists.resources.items } : {}),
    ...(lists.templates ? { templates: lists.templates.items } : {}),
    ...(typeof snapshot.instructions === 'string' ? { instructions: snapshot.instructions } : {}),
    ...(snapshot.serverInfo ? { serverInfo: snapshot.serverInfo } : {}),
    ...(snapshot.skills ? { skills: snapshot.skills.items } : {}),
  };
}
