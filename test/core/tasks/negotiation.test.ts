/** What Loupe declares about tasks and extensions, per era and per the user's choice; the task decision of a call. */
import { describe, expect, it } from 'vitest';
import { clientCapabilities } from '../../../src/core/session/initialize.js';
import { serverExtensions } from '../../../src/core/tasks/negotiation.js';
import { parseCreateTaskResult, parseTask } from '../../../src/core/tasks/taskShape.js';
import { taskRequest } from '../../../src/core/tasks/toolTasks.js';
import type { JsonObject } from '../../../src/shared/json.js';
import type { Handshake } from '../../../src/shared/session.js';

const ui = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
const tasks = { 'io.modelcontextprotocol/tasks': {} };
const skills = { 'io.modelcontextprotocol/skills': {} };

function legacyHandshake(
  capabilities: Handshake['capabilities'],
  declared = clientCapabilities({}, 'legacy'),
): Handshake {
  return {
    transport: 'stdio',
    era: 'legacy',
    requestedProtocolVersion: '2025-11-25',
    protocolVersion: '2025-11-25',
    serverInfo: null,
    capabilities,
    clientCapabilities: declared,
    roundTripMs: 1,
  };
}

const tools: JsonObject[] = [
  { name: 'must', execution: { taskSupport: 'required' } },
  { name: 'may', execution: { taskSupport: 'optional' } },
  { name: 'never', execution: { taskSupport: 'forbidden' } },
  { name: 'plain' },
];
const taskServer = {
  tasks: { requests: { tools: { call: {} } } },
  extensions: { 'x.example/other': { a: 1 } },
};

describe('negotiation', () => {
  it('declares the three extensions in both eras, and the 2025 tasks capability in the legacy era only', () => {
    expect(clientCapabilities({}, 'legacy')).toEqual({
      tasks: {},
      extensions: { ...tasks, ...ui, ...skills },
    });
    expect(clientCapabilities({ offer: { roots: true } }, 'modern')).toEqual({
      roots: {},
      extensions: { ...tasks, ...ui, ...skills },
    });
  });

  it('leaves out what the user turned off', () => {
    expect(clientCapabilities({ extensions: { tasks: false } }, 'legacy')).toEqual({
      extensions: { ...ui, ...skills },
    });
    expect(clientCapabilities({ extensions: { ui: false, skills: false } }, 'modern')).toEqual({
      extensions: tasks,
    });
    expect(clientCapabilities({ extensions: { skills: false } }, 'modern')).toEqual({
      extensions: { ...tasks, ...ui },
    });
    expect(
      clientCapabilities(
        { extensions: { ui: false, tasks: false, skills: false }, offer: { sampling: true } },
        'legacy',
      ),
    ).toEqual({ sampling: {} });
  });

  it("reads the server's declared extensions as sent", () => {
    expect(serverExtensions(legacyHandshake(taskServer))).toEqual({ 'x.example/other': { a: 1 } });
    expect(serverExtensions(legacyHandshake({ extensions: 'nonsense' }))).toEqual({});
  });
});

describe('whether a 2025 call goes out as a task', () => {
  const handshake = legacyHandshake(taskServer);
  it('always for required, for optional only when asked, never otherwise', () => {
    expect(taskRequest(handshake, tools, 'must', 'auto')).toEqual({});
    expect(taskRequest(handshake, tools, 'may', 'auto')).toBeUndefined();
    expect(taskRequest(handshake, tools, 'may', 'task')).toEqual({});
    expect(taskRequest(handshake, tools, 'plain', 'auto')).toBeUndefined();
    expect(() => taskRequest(handshake, tools, 'never', 'task')).toThrow(
      /does not declare execution.taskSupport/,
    );
  });

  it('not on a server without tasks.requests.tools.call, nor when Loupe declared no tasks', () => {
    expect(taskRequest(legacyHandshake({}), tools, 'must', 'auto')).toBeUndefined();
    expect(() => taskRequest(legacyHandshake({}), tools, 'may', 'task')).toThrow(
      /did not declare tasks.requests.tools.call/,
    );
    const off = legacyHandshake(taskServer, clientCapabilities({ extensions: { tasks: false } }, 'legacy'));
    expect(taskRequest(off, tools, 'must', 'auto')).toBeUndefined();
    expect(() => taskRequest(off, tools, 'may', 'task')).toThrow(/tasks are turned off in Loupe/);
  });
});

describe('task shapes (hostile input)', () => {
  it('reads both eras’ names for TTL and poll interval', () => {
    expect(
      parseCreateTaskResult({ task: { taskId: 'a', status: 'working', ttl: 5, pollInterval: 7 } }, 'x'),
    ).toEqual({
      taskId: 'a',
      status: 'working',
      ttlMs: 5,
      pollIntervalMs: 7,
    });
    expect(
      parseCreateTaskResult({ resultType: 'task', taskId: 'b', status: 'working', ttlMs: null }, 'x'),
    ).toEqual({
      taskId: 'b',
      status: 'working',
      ttlMs: null,
    });
  });

  it('names what is wrong', () => {
    expect(() => parseTask({ status: 'working' }, 'tasks/get')).toThrow(
      'tasks/get: the task is invalid: taskId is not a non-empty string',
    );
    expect(() => parseTask({ taskId: 'a', status: 3 }, 'tasks/get')).toThrow('status is not a string');
    expect(parseTask({ taskId: 'a', status: 'working', ttlMs: -4, pollIntervalMs: 'soon' }, 'x')).toEqual({
      taskId: 'a',
      status: 'working',
    });
  });
});
