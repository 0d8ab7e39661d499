/**
 * loupe call with tasks, against real servers: server-everything's simulate-research-query (2025-11-25 tasks,
 * taskSupport "required") over stdio and Streamable HTTP, and Loupe's 2026-07-28 tasks server (the official v2
 * SDK speaking the io.modelcontextprotocol/tasks extension) over loopback HTTP and stdio.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernTaskGet } from '../helpers/modernTaskGet.js';
import { startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import {
  everythingServer,
  loupeBin,
  repositoryRoot,
  requireBuild,
  runLoupe,
  startEverything,
  type RunningEverything,
} from './loupe.js';

beforeAll(requireBuild);

const tasksServer = fileURLToPath(new URL('../servers/tasks/server.mjs', import.meta.url));

interface TaskJson {
  result: { content: { type: string; text: string }[]; structuredContent?: unknown };
  task: {
    taskId: string;
    status: string;
    history: { status: string; statusMessage?: string; source: string }[];
  };
}

/** Runs loupe, sends SIGINT once, when a stderr line first matches, and reports how it ended. */
async function interruptWhen(
  args: string[],
  match: RegExp,
): Promise<{ code: number | null; stderr: string[]; stdout: string }> {
  const child = spawn(process.execPath, [loupeBin, ...args], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  let interrupted = false;
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    // Once: a second Ctrl-C would meet Node's default handler and kill loupe mid-cancel.
    if (interrupted || !match.test(line)) return;
    interrupted = true;
    child.kill('SIGINT');
  });
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(killer);
  return { code, stderr, stdout };
}

async function answersFile(content: object): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'loupe-tasks-'));
  const path = join(directory, 'answers.json');
  await writeFile(path, JSON.stringify(content));
  return path;
}

/** The task id the final "loupe: cancelled: Task <id> (…) was cancelled" line names. */
function cancelledId(run: { stderr: string[] }): string {
  const id = /^loupe: cancelled: Task (\S+) \(/.exec(run.stderr.at(-1) ?? '')?.[1];
  if (id === undefined) throw new Error(`no cancelled line; stderr:\n${run.stderr.join('\n')}`);
  return id;
}

function statuses(run: { stderr: string }): string[] {
  return run.stderr
    .split('\n')
    .map((line) => /^loupe: task \S+(?: created \([^)]*\))? (\w+)/.exec(line)?.[1])
    .filter((status): status is string => status !== undefined);
}

describe('server-everything simulate-research-query (2025-11-25 tasks)', () => {
  const stdio = ['--', process.execPath, everythingServer, 'stdio'];

  it(
    'over stdio: completes the required task, status lines on stderr, the report on stdout',
    { timeout: 60_000 },
    async () => {
      const run = await runLoupe(['call', 'simulate-research-query', '--args', '{"topic":"mcp"}', ...stdio], {
        timeoutMs: 40_000,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.split('\n')[0]).toBe('# Research Report: mcp');
      const seen = statuses(run);
      expect(seen[0]).toBe('working');
      expect(seen.at(-1)).toBe('completed');
      expect(run.stderr).toContain('Analyzing content...');
    },
  );

  it(
    'over stdio: --json has the task id and status history; the elicitation is answered from --input',
    { timeout: 60_000 },
    async () => {
      const answers = await answersFile({
        elicitation: { action: 'accept', content: { interpretation: 'snake' } },
      });
      const run = await runLoupe(
        [
          'call',
          'simulate-research-query',
          '--json',
          '--input',
          answers,
          '--args',
          '{"topic":"python","ambiguous":true}',
          ...stdio,
        ],
        { timeoutMs: 40_000 },
      );
      expect(run.code, run.stderr).toBe(0);
      const document = JSON.parse(run.stdout) as TaskJson;
      expect(document.task.taskId).toMatch(/^\S+$/);
      expect(document.task.status).toBe('completed');
      const history = document.task.history.map((entry) => entry.status);
      expect(history).toContain('input_required');
      expect(history[0]).toBe('working');
      expect(history.at(-1)).toBe('completed');
      expect(run.stderr).toContain('answered elicitation/create');
      expect(document.result.content[0]?.text.split('\n')[0]).toBe('# Research Report: python (snake)');
    },
  );

  it(
    'over stdio: Ctrl-C cancels the task (tasks/cancel) and exits 1 with one line',
    { timeout: 60_000 },
    async () => {
      const run = await interruptWhen(
        ['call', 'simulate-research-query', '--args', '{"topic":"mcp"}', ...stdio],
        /Analyzing content/,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.at(-1)).toMatch(
        /^loupe: cancelled: Task \S+ \(simulate-research-query\) was cancelled: interrupted \(Ctrl-C\)$/,
      );
      // The server's own word: its tasks/cancel answer (2025) is the task, now cancelled, for the same id.
      expect(run.stderr).toContain(`loupe: task ${cancelledId(run)} cancelled: Client cancelled task execution.`);
    },
  );

  describe('over Streamable HTTP', () => {
    let server: RunningEverything;
    beforeAll(async () => {
      server = await startEverything('streamableHttp');
    });
    afterAll(() => server.stop());

    it('completes the task and answers its elicitation', { timeout: 60_000 }, async () => {
      const answers = await answersFile({
        elicitation: { action: 'accept', content: { interpretation: 'comedy' } },
      });
      const run = await runLoupe(
        [
          'call',
          'simulate-research-query',
          '--input',
          answers,
          '--args',
          '{"topic":"python","ambiguous":true}',
          '--url',
          server.url,
        ],
        { timeoutMs: 40_000 },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.split('\n')[0]).toBe('# Research Report: python (comedy)');
      expect(statuses(run)).toContain('input_required');
    });

    it('cancels one mid-way: the server answers tasks/cancel with the task cancelled', { timeout: 60_000 }, async () => {
      const run = await interruptWhen(
        ['call', 'simulate-research-query', '--args', '{"topic":"mcp"}', '--url', server.url],
        /Gathering sources/,
      );
      expect(run.code).toBe(1);
      expect(run.stderr.at(-1)).toMatch(
        /^loupe: cancelled: Task \S+ \(simulate-research-query\) was cancelled: interrupted \(Ctrl-C\)$/,
      );
      // Loupe's last line is no proof (a refused cancel once printed it too): the server's answer to tasks/cancel
      // is. The SDK's handler sets this message when it moves the task to cancelled, and answers the task.
      expect(run.stderr).toContain(`loupe: task ${cancelledId(run)} cancelled: Client cancelled task execution.`);
    });
  });
});

describe('the 2026-07-28 tasks server (v2 SDK, tasks extension)', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startPrintingUrl([tasksServer], 'http', 'tasks');
  });
  afterAll(() => server.stop());

  it(
    'completes a task by polling; the result is validated against the outputSchema',
    { timeout: 60_000 },
    async () => {
      const run = await runLoupe([
        'call',
        'slow_report',
        '--json',
        '--args',
        '{"topic":"tides"}',
        '--url',
        server.url,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const document = JSON.parse(run.stdout) as TaskJson;
      expect(document.result.structuredContent).toEqual({ topic: 'tides', stages: 3 });
      expect(document.task.status).toBe('completed');
      expect(document.task.history[0]).toMatchObject({
        status: 'working',
        statusMessage: 'Started',
        source: 'created',
      });
      expect(document.task.history.at(-1)).toMatchObject({
        status: 'completed',
        statusMessage: 'Report ready',
        source: 'poll',
      });
      const text = await runLoupe([
        'call',
        'slow_report',
        '--args',
        '{"topic":"tides"}',
        '--url',
        server.url,
      ]);
      expect(JSON.parse(text.stdout)).toEqual({ topic: 'tides', stages: 3 });
      expect(text.stderr).toContain('loupe: structuredContent is valid against the outputSchema\n');
    },
  );

  it('answers input_required through tasks/update with the --input answer', { timeout: 60_000 }, async () => {
    const run = await runLoupe(['call', 'needs_approval', '--input', 'defaults', '--url', server.url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('Answer: {"action":"accept","content":{"approved":true}}');
    expect(statuses(run)).toEqual(['working', 'input_required', 'completed']);
  });

  it(
    'cancels on Ctrl-C and records the cancelled status the server reports',
    { timeout: 60_000 },
    async () => {
      const run = await interruptWhen(['call', 'endless_job', '--url', server.url], /Working for [1-9]\d* stages/);
      expect(run.code).toBe(1);
      const taskId = cancelledId(run);
      expect(run.stderr.at(-2)).toBe(`loupe: task ${taskId} cancelled: Cancelled on request`);
      // Asked afterwards, apart from Loupe: the server holds the task as cancelled.
      expect(await modernTaskGet(server.url, taskId)).toEqual({
        status: 'cancelled',
        statusMessage: 'Cancelled on request',
      });
    },
  );

  describe('a server that refuses tasks/cancel (--refuse-cancel)', () => {
    let refusing: RunningHttpServer;
    beforeAll(async () => {
      refusing = await startPrintingUrl([tasksServer, '--refuse-cancel'], 'http', 'tasks (refuse-cancel)');
    });
    afterAll(() => refusing.stop());

    it(
      'Ctrl-C ends in one cancel-failed line naming the refusal, and exit 3; the task still runs there',
      { timeout: 60_000 },
      async () => {
        const run = await interruptWhen(['call', 'endless_job', '--url', refusing.url], /Working for [1-9]\d* stages/);
        expect(run.code).toBe(3);
        expect(run.stdout).toBe('');
        const taskId = /^loupe: task (\S+) created /.exec(run.stderr[0] ?? '')?.[1] ?? '';
        expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
        expect(run.stderr.at(-1)).toBe(
          `loupe: cancel-failed: Task ${taskId} (endless_job) was not cancelled: tasks/cancel failed: ` +
            `Task ${taskId} cannot be cancelled: this server runs every task to its end (-32603); ` +
            'it may still run on the server (last status: working)',
        );
        expect(run.stderr.filter((line) => line.startsWith(`loupe: task ${taskId} cancelled`))).toEqual([]);
        const onServer = await modernTaskGet(refusing.url, taskId);
        expect(onServer.status).toBe('working');
        expect(onServer.statusMessage).toMatch(/^Working for \d+ stages$/);
      },
    );
  });

  it('a failed task ends in one task-failed line and exit 1', { timeout: 60_000 }, async () => {
    const run = await runLoupe(['call', 'doomed_job', '--url', server.url]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^loupe: task-failed: Task \S+ \(doomed_job\) failed: doomed_job broke in stage 2 \(-32603\)$/,
    );
  });

  it('an expired task ends in one task-expired line and exit 1', { timeout: 60_000 }, async () => {
    const run = await runLoupe(['call', 'short_lived', '--url', server.url]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^loupe: task-expired: Task \S+ \(short_lived\) expired: its TTL of 200 ms ended before it finished/,
    );
  });

  it(
    '--no-extensions declares no tasks extension: the server refuses to make a task',
    { timeout: 60_000 },
    async () => {
      const run = await runLoupe([
        'call',
        'slow_report',
        '--no-extensions',
        '--args',
        '{"topic":"x"}',
        '--url',
        server.url,
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'slow_report runs only as a task: declare the io.modelcontextprotocol/tasks extension',
      );
      const only = await runLoupe([
        'call',
        'slow_report',
        '--extensions',
        'tasks',
        '--args',
        '{"topic":"x"}',
        '--url',
        server.url,
      ]);
      expect(only.code, only.stderr).toBe(0);
    },
  );

  it('over stdio too', { timeout: 60_000 }, async () => {
    const run = await runLoupe([
      'call',
      'slow_report',
      '--args',
      '{"topic":"rain"}',
      '--',
      process.execPath,
      tasksServer,
      '--transport',
      'stdio',
    ]);
    expect(run.code, run.stderr).toBe(0);
    // The result has structuredContent: that alone is stdout; its text ("Report on rain") is named on stderr.
    expect(JSON.parse(run.stdout)).toEqual({ topic: 'rain', stages: 3 });
    expect(run.stderr).toContain('loupe: content[0]: text, 14 characters (--json prints the whole result)\n');
    expect(statuses(run).at(-1)).toBe('completed');
  });
});

describe('--task where no task can be made', () => {
  it(
    'names why, with usage exit 2: an optional tool on a server without tasks.requests.tools.call',
    { timeout: 60_000 },
    async () => {
      const paginating = fileURLToPath(new URL('../servers/paginating.mjs', import.meta.url));
      const run = await runLoupe([
        'call',
        'tool_0005',
        '--task',
        '--args',
        '{"value":"x"}',
        '--',
        process.execPath,
        paginating,
        '--tools',
        '10',
      ]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        'loupe: usage: tool_0005 cannot run as a task: the server did not declare tasks.requests.tools.call',
      );
    },
  );
});
