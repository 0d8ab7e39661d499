/** The one zustand store, combined from slices. Actions live in actions.ts, outside components. */
import { create, type StateCreator } from 'zustand';
import { createCallsSlice } from './callsSlice';
import { createCompareSlice } from './compareSlice';
import { createListsSlice } from './listsSlice';
import { createNoticeSlice } from './noticeSlice';
import { createSessionSlice } from './sessionSlice';
import { createSettingsSlice } from './settingsSlice';
import { createSnapshotSlice } from './snapshotSlice';
import { createTrafficSlice } from './trafficSlice';
import type { LoupeState } from './types';
import { createUiSlice } from './uiSlice';
import { createTasksSlice } from './tasksSlice';
import { createConfigsSlice } from './configsSlice';
import { createAuthSlice } from './authSlice';
import { createSessionsSlice } from './sessionsSlice';
import { createSecuritySlice } from '../security/securitySlice';
import { createCollectionsSlice } from './collectionsSlice';
import { createSkillsSlice } from '../skills/skillsSlice';
import { createConformSlice } from '../conform/conformSlice';
import { createWorkbenchSlice } from '../workbench/workbenchSlice';
import { registerLiveStore, resetSessionStash } from '../sessions/sessionStore';

export type { LoupeState } from './types';

const build: StateCreator<LoupeState> = (...parts) => ({
  ...createSessionSlice(...parts),
  ...createListsSlice(...parts),
  ...createTrafficSlice(...parts),
  ...createSnapshotSlice(...parts),
  ...createSettingsSlice(...parts),
  ...createUiSlice(...parts),
  ...createCallsSlice(...parts),
  ...createCompareSlice(...parts),
  ...createTasksSlice(...parts),
  ...createNoticeSlice(...parts),
  ...createConfigsSlice(...parts),
  ...createAuthSlice(...parts),
  ...createSessionsSlice(...parts),
  ...createSecuritySlice(...parts),
  ...createCollectionsSlice(...parts),
  ...createSkillsSlice(...parts),
  ...createConformSlice(...parts),
  ...createWorkbenchSlice(...parts),
});

export const useLoupeStore = create<LoupeState>()(build);

registerLiveStore({
  getState: useLoupeStore.getState,
  setState: (partial) => useLoupeStore.setState(partial),
  fresh: () => build(useLoupeStore.setState, useLoupeStore.getState, useLoupeStore),
});

/** Back to a fresh state (new frame log included): tests start each case here. */
export function resetStore(): void {
  resetSessionStash();
  useLoupeStore.setState(build(useLoupeStore.setState, useLoupeStore.getState, useLoupeStore), true);
}
