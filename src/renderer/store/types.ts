/** The one store's full state type and the slice-creator type every slice is written against. */
import type { StateCreator } from 'zustand';
import type { CallsSlice } from './callsSlice';
import type { CompareSlice } from './compareSlice';
import type { ListsSlice } from './listsSlice';
import type { NoticeSlice } from './noticeSlice';
import type { SessionSlice } from './sessionSlice';
import type { SettingsSlice } from './settingsSlice';
import type { SnapshotSlice } from './snapshotSlice';
import type { TrafficSlice } from './trafficSlice';
import type { UiSlice } from './uiSlice';
import type { TasksSlice } from './tasksSlice';
import type { ConfigsSlice } from './configsSlice';
import type { AuthSlice } from './authSlice';
import type { SessionsSlice } from './sessionsSlice';
import type { SecuritySlice } from '../security/securitySlice';
import type { CollectionsSlice } from './collectionsSlice';
import type { SkillsSlice } from '../skills/skillsSlice';
import type { ConformSlice } from '../conform/conformSlice';
import type { WorkbenchSlice } from '../workbench/workbenchSlice';

export type LoupeState = SessionSlice &
  ListsSlice &
  TrafficSlice &
  SnapshotSlice &
  SettingsSlice &
  UiSlice &
  CallsSlice &
  CompareSlice &
  TasksSlice &
  NoticeSlice &
  ConfigsSlice &
  AuthSlice &
  SessionsSlice &
  SecuritySlice &
  CollectionsSlice &
  SkillsSlice &
  ConformSlice &
  WorkbenchSlice;

export type SliceCreator<Slice> = StateCreator<LoupeState, [], [], Slice>;
