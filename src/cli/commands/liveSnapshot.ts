/**
 * A snapshot of the server now, kept in memory: the same walk as `loupe snapshot` (tools, then every list the
 * server declares), for `loupe diff <pinned.json> -- node server.js`. A failed connection rejects.
 */
import { listMethods, type ListKind, type ListResult } from '../../shared/lists.js';
import { isJsonObject } from '../../shared/json.js';
import type { Snapshot } from '../../shared/snapshot.js';
import type { Target } from '../../shared/target.js';
import { buildSnapshot } from '../../core/snapshot/buildSnapshot.js';
import { listDeclaredSkills } from '../../core/skills/listSkills.js';
import { pageOptions } from '../listing.js';
import { loupeVersion } from '../../core/loupeVersion.js';
import type { CliOptions } from '../arguments.js';
import { walk } from '../listing.js';
import { createRecorder, openSession } from '../openSession.js';
import type { Terminal } from '../terminal.js';

const otherKinds: Exclude<ListKind, 'tools'>[] = ['resources', 'templates', 'prompts'];

export async function liveSnapshot(
  target: Target,
  options: CliOptions,
  terminal: Terminal,
): Promise<Snapshot> {
  const testedAt = new Date().toISOString();
  const recorder = createRecorder(options);
  try {
    const session = await openSession(target, options, recorder);
    try {
      const tools = await walk(session, 'tools', options, terminal);
      const lists: Partial<Record<Exclude<ListKind, 'tools'>, ListResult>> = {};
      for (const kind of otherKinds) {
        if (isJsonObject(session.handshake.capabilities[listMethods[kind].capability]))
          lists[kind] = await walk(session, kind, options, terminal);
      }
      const skills = await listDeclaredSkills(session, pageOptions(options));
      return buildSnapshot({
        target,
        testedAt,
        handshake: session.handshake,
        tools,
        lists,
        ...(skills ? { skills } : {}),
        frames: [],
        framesDropped: 0,
        loupeVersion: loupeVersion(),
      });
    } finally {
      await session.close();
    }
  } finally {
    await recorder.flush();
  }
}
