/**
 * Which pin changes hold a call: an addition alone (the demo's toggle_experimental_tools) holds nothing; a changed
 * definition of any class (postmark-mcp's compatible-looking `bcc`), a removed tool or a changed handshake hold. The changes are in the shape the diff
 * engine gives them (src/core/diff/snapshotDiff.ts: a removed item is breaking, an added one neither).
 */
import { describe, expect, it } from 'vitest';
import type { FieldChange, ItemChange, SnapshotDiff } from '../../shared/diff';
import type { PinCheck, ServerPin } from '../../shared/security';
import { holdsCalls } from './holdsCalls';

const pin = {} as ServerPin;
function changed(tools: ItemChange[], handshake: FieldChange[] = []): PinCheck {
  const diff: SnapshotDiff = {
    items: { tools, resources: [], templates: [], prompts: [] },
    handshake,
    incomplete: [],
  };
  return { state: 'changed', key: 'k', pin, current: pin, diff, changes: tools.length + handshake.length };
}
const added: ItemChange = { kind: 'added', name: 'forecast', breaking: false, drift: false, fields: [] };
const description: FieldChange = { path: 'description', class: 'drift', summary: 'changed' };

describe('holdsCalls', () => {
  it('an added tool shows in the banner but holds no call', () => {
    expect(holdsCalls(changed([added]))).toBe(false);
  });
  it('a changed description (drift) and a removed tool (breaking) hold', () => {
    const poisoned: ItemChange = {
      kind: 'changed',
      name: 'weather',
      breaking: false,
      drift: true,
      fields: [description],
    };
    const removed: ItemChange = {
      kind: 'removed',
      name: 'weather',
      breaking: true,
      drift: false,
      fields: [],
    };
    expect(holdsCalls(changed([added, poisoned]))).toBe(true);
    expect(holdsCalls(changed([removed]))).toBe(true);
  });
  it('a compatible-looking change to a pinned tool holds (the rug pull), and so does a handshake change', () => {
    const bcc: FieldChange = { path: 'inputSchema.properties.bcc', class: 'compatible', summary: '+bcc' };
    const rugPull: ItemChange = {
      kind: 'changed',
      name: 'send_email',
      breaking: false,
      drift: false,
      fields: [bcc],
    };
    expect(holdsCalls(changed([rugPull]))).toBe(true);
    const version: FieldChange = {
      path: 'serverInfo.version',
      class: 'compatible',
      summary: '1.0.15 → 1.0.16',
    };
    expect(holdsCalls(changed([], [version]))).toBe(true);
  });
  it('new or same pins hold nothing', () => {
    expect(holdsCalls({ state: 'same', key: 'k', pin })).toBe(false);
    expect(holdsCalls({ state: 'new', key: 'k', pin })).toBe(false);
    expect(holdsCalls(undefined)).toBe(false);
  });
});
