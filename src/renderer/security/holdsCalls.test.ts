/**
 * Which pin changes hold a call: an addition alone (the demo's toggle_experimental_tools) holds nothing; a changed
 * description (drift), a removed tool (breaking) or changed instructions hold. The changes are in the shape the diff
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
  it('changed instructions hold, a compatible handshake change does not; new or same pins hold nothing', () => {
    expect(holdsCalls(changed([], [{ path: 'instructions', class: 'drift', summary: 'changed' }]))).toBe(
      true,
    );
    expect(
      holdsCalls(changed([], [{ path: 'serverInfo.title', class: 'compatible', summary: 'added' }])),
    ).toBe(false);
    expect(holdsCalls({ state: 'same', key: 'k', pin })).toBe(false);
    expect(holdsCalls(undefined)).toBe(false);
  });
});
