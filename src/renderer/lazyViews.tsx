/**
 * The views a person opens later, each its own chunk, loaded when its tab is first shown: the page shell (header,
 * sessions, connection form, the tools list) parses without them. The tools, resources, prompts, traffic and
 * server views stay in the shell: they are what a connection shows first. (The call panel, the forms engine and
 * MCP Apps are split off in views/ToolDetail.tsx, the server's request dialogs in App.tsx.)
 */
import { lazy, type ComponentType } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/** A lazily loaded component from a module's named export. */
function named<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  loaders.push(load);
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/**
 * Loads every view's chunk now, without showing one: the renderer's tests call it before they render the App (a
 * cold chunk's first import is transformed on the spot there, which on a loaded machine took longer than a
 * query's wait), so a test waits on what the view does, not on its module being compiled.
 */
export async function loadViews(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

export const CompareView = named(
  () => import('./compare/CompareView'),
  (m) => m.CompareView,
);
export const AuthView = named(
  () => import('./auth/AuthView'),
  (m) => m.AuthView,
);
export const CollectionsView = named(
  () => import('./collections/CollectionsView'),
  (m) => m.CollectionsView,
);
export const PortabilityView = named(
  () => import('./portability/PortabilityView'),
  (m) => m.PortabilityView,
);
export const SkillsView = named(
  () => import('./skills/SkillsView'),
  (m) => m.SkillsView,
);
export const TasksView = named(
  () => import('./tasks/TasksView'),
  (m) => m.TasksView,
);
export const SecurityView = named(
  () => import('./security/SecurityView'),
  (m) => m.SecurityView,
);
export const TimingsView = named(
  () => import('./views/TimingsView'),
  (m) => m.TimingsView,
);
export const ConformView = named(
  () => import('./conform/ConformView'),
  (m) => m.ConformView,
);
