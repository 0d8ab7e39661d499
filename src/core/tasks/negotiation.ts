/**
 * What Loupe declares about tasks and extensions (both eras), and what it reads of the server's declarations.
 * - `capabilities.extensions`: io.modelcontextprotocol/tasks ({}), io.modelcontextprotocol/ui (with the MCP Apps
 *   MIME types) and io.modelcontextprotocol/skills ({}: Loupe reads skills, SEP-2640), each unless the user turned it off; in the initialize capabilities (2025 era) and in every
 *   request's client capabilities (2026 era).
 * - 2025-11-25: the core `tasks` capability (empty: Loupe creates tasks on the server, it runs none itself).
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Handshake, ProtocolEra, SessionOptions } from '../../shared/session.js';
import { skillsExtensionId } from '../../shared/skills.js';
import {
  allExtensions,
  tasksExtensionId,
  uiExtensionId,
  uiMimeTypes,
  type ExtensionChoice,
} from '../../shared/tasks.js';

export function extensionChoice(options: Pick<SessionOptions, 'extensions'>): ExtensionChoice {
  return { ...allExtensions, ...options.extensions };
}

/** Adds Loupe's extension (and 2025 tasks) declarations to client capabilities built for this era. */
export function declareExtensions(
  capabilities: JsonObject,
  options: Pick<SessionOptions, 'extensions'>,
  era: ProtocolEra,
): JsonObject {
  const choice = extensionChoice(options);
  const extensions: JsonObject = {};
  if (choice.tasks) extensions[tasksExtensionId] = {};
  if (choice.ui) extensions[uiExtensionId] = { mimeTypes: [...uiMimeTypes] };
  if (choice.skills) extensions[skillsExtensionId] = {};
  const declared: JsonObject = { ...capabilities };
  if (Object.keys(extensions).length > 0) declared.extensions = extensions;
  if (choice.tasks && era === 'legacy') declared.tasks = {};
  return declared;
}

/** Whether client capabilities (as sent) declare the tasks extension. */
export function declaresTasksExtension(capabilities: JsonObject): boolean {
  const extensions = capabilities.extensions;
  return isJsonObject(extensions) && isJsonObject(extensions[tasksExtensionId]);
}

/** The extensions a server declared (capabilities.extensions), as sent; empty when none. */
export function serverExtensions(handshake: Handshake): JsonObject {
  const extensions = handshake.capabilities.extensions;
  return isJsonObject(extensions) ? extensions : {};
}

/** 2025-11-25: whether the server accepts task-augmented tools/call (capabilities.tasks.requests.tools.call). */
export function serverTakesToolTasks(handshake: Handshake): boolean {
  const tasks = handshake.capabilities.tasks;
  const requests = isJsonObject(tasks) ? tasks.requests : undefined;
  const tools = isJsonObject(requests) ? requests.tools : undefined;
  return isJsonObject(tools) && isJsonObject(tools.call);
}

/** 2025-11-25: whether the server declared tasks.list / tasks.cancel. */
export function serverTaskOperation(handshake: Handshake, operation: 'list' | 'cancel'): boolean {
  const tasks = handshake.capabilities.tasks;
  return isJsonObject(tasks) && isJsonObject(tasks[operation]);
}
