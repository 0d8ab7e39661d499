/**
 * VS Code inputs and envFile through the real `loupe` command, against configEcho.mjs, which refuses a wrong
 * secret: an HTTP server behind a bearer token given as a password input (by --config-input, by LOUPE_INPUT_<ID>,
 * wrong: HTTP 403; missing without a terminal: a usage error naming the input); a stdio server whose API_KEY comes
 * from an input (it exits unless the value is right) and whose other variables come from an envFile (echoed back,
 * env winning over the file); and on a real terminal (script(1) gives the CLI a pty) the inputs are asked for, the
 * password one without echo.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths, startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import { loupeBin, repositoryRoot, requireBuild, runLoupe } from './loupe.js';

const token = 'tok-7f3a-secret';
const apiKey = 'k3y-91c2-secret';
let folder: string;
let configFile: string;
let guarded: RunningHttpServer;

beforeAll(async () => {
  requireBuild();
  folder = await mkdtemp(join(tmpdir(), 'loupe-config-inputs-'));
  guarded = await startPrintingUrl(
    [serverPaths.configEcho, '--transport', 'http', '--expect-bearer', token],
    'http',
    'configEcho',
  );
  await mkdir(join(folder, 'project', '.vscode'), { recursive: true });
  await writeFile(
    join(folder, 'project', '.env'),
    '# read by the echo server\nFROM_FILE="hello from the env file" # a comment\nexport SHARED=from-file\n',
  );
  configFile = join(folder, 'project', '.vscode', 'mcp.json');
  await writeFile(
    configFile,
    JSON.stringify({
      inputs: [
        { type: 'promptString', id: 'token', description: 'API token', password: true },
        { type: 'promptString', id: 'api-key', description: 'API key', password: true },
        { type: 'promptString', id: 'greeting', description: 'Greeting', default: 'hi' },
      ],
      servers: {
        guarded: { type: 'http', url: guarded.url, headers: { Authorization: 'Bearer ${input:token}' } },
        echo: {
          type: 'stdio',
          command: process.execPath,
          args: [serverPaths.configEcho, '--expect-env', `API_KEY=${apiKey}`],
          env: { API_KEY: '${input:api-key}', GREETING: '${input:greeting}', SHARED: 'from-env' },
          envFile: '${workspaceFolder}/.env',
        },
        nofile: { type: 'stdio', command: process.execPath, envFile: '${workspaceFolder}/missing.env' },
      },
    }),
  );
});

afterAll(async () => {
  await guarded?.stop();
  await rm(folder, { recursive: true, force: true });
});

const target = (server: string): string[] => ['--config', configFile, '--server', server];
const envValue = (name: string): string[] => [
  'call',
  'env_value',
  '--args',
  JSON.stringify({ name }),
  '--json',
];
const textOf = (stdout: string): string => {
  const result = JSON.parse(stdout) as { content: { text: string }[] };
  return result.content[0].text;
};

describe('VS Code inputs and envFile in the CLI', { timeout: 60_000 }, () => {
  it('a password input in an HTTP header: missing is a usage error naming it; given, the server lets Loupe in', async () => {
    const missing = await runLoupe(['list', ...target('guarded')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(
      'loupe: usage: server "guarded" needs input "token" (API token), a password: give --config-input token=<value> or LOUPE_INPUT_TOKEN, or run on a terminal to be asked',
    );

    const given = await runLoupe(['list', ...target('guarded'), '--config-input', `token=${token}`]);
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout.trimEnd().split('\n').at(-1)).toBe('1 tool · 1 page');
    expect(given.stdout).toMatch(/^env_value\s/m);
    // No warning and no input asked: only the line saying what Loupe declared.
    expect(given.stderr).toMatch(/^loupe: client capabilities declared: [^\n]*\n$/);

    const wrong = await runLoupe(['list', ...target('guarded'), '--config-input', 'token=not-it']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('HTTP 403 Forbidden');
    expect(wrong.stderr).not.toContain('not-it');

    process.env.LOUPE_INPUT_TOKEN = token;
    try {
      const fromEnvironment = await runLoupe(['list', ...target('guarded')]);
      expect(fromEnvironment.code, fromEnvironment.stderr).toBe(0);
      expect(fromEnvironment.stdout.trimEnd().split('\n').at(-1)).toBe('1 tool · 1 page');
    } finally {
      delete process.env.LOUPE_INPUT_TOKEN;
    }

    const unknown = await runLoupe(['list', ...target('guarded'), '--config-input', 'nope=1']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe(
      'loupe: usage: --config-input nope: server "guarded" uses no such input (it uses: token)',
    );
  });

  it('a stdio server: its key from an input, the envFile under env (env wins), a default said on stderr', async () => {
    const key = ['--config-input', `api-key=${apiKey}`];
    const fromFile = await runLoupe([...envValue('FROM_FILE'), ...target('echo'), ...key]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(textOf(fromFile.stdout)).toBe('hello from the env file');
    expect(fromFile.stderr).toBe('loupe: echo: input "greeting" (Greeting): its default is used\n');

    const shared = await runLoupe([...envValue('SHARED'), ...target('echo'), ...key]);
    expect(textOf(shared.stdout)).toBe('from-env');
    const greeting = await runLoupe([
      ...envValue('GREETING'),
      ...target('echo'),
      ...key,
      '--config-input',
      'greeting=hej',
    ]);
    expect(greeting.stderr).toBe('');
    expect(textOf(greeting.stdout)).toBe('hej');

    const wrongKey = await runLoupe([
      ...envValue('FROM_FILE'),
      ...target('echo'),
      '--config-input',
      'api-key=x',
    ]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('configEcho: API_KEY is not the expected value');

    const noFile = await runLoupe(['list', ...target('nofile')]);
    expect(noFile.code).toBe(1);
    expect(noFile.stderr.trim()).toBe(
      `loupe: config-invalid: ${configFile}: server "nofile": the entry's envFile ${join(folder, 'project', 'missing.env')} could not be read: no such file`,
    );
  });

  it('lists each server with its inputs and env file', async () => {
    const run = await runLoupe(['list', '--config', configFile]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[3].trim()).toBe(
      'password input token (API token): no default: give --config-input, in headers.Authorization',
    );
    expect(lines.slice(5, 8).map((line) => line.trim())).toEqual([
      'password input api-key (API key): no default: give --config-input, in env.API_KEY',
      'input greeting (Greeting): default hi, in env.GREETING',
      `env file: ${join(folder, 'project', '.env')}`,
    ]);
  });

  it('on a terminal asks for each input, the password without echo', async () => {
    const command = [process.execPath, loupeBin, ...envValue('GREETING'), ...target('echo')]
      .map((word) => `'${word.replace(/'/g, "'\\''")}'`)
      .join(' ');
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      cwd: repositoryRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    const answers: Array<[string, string]> = [
      ['API key [api-key] (hidden): ', `${apiKey}\r`],
      ['Greeting [greeting] (default hi): ', 'hallo\r'],
    ];
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
      while (answers.length > 0 && screen.includes(answers[0][0])) {
        const answer = answers.shift();
        if (answer) child.stdin.write(answer[1]);
      }
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const [code] = (await once(child, 'close')) as [number | null];
    clearTimeout(killer);
    expect(code, screen).toBe(0);
    expect(answers).toEqual([]);
    expect(screen).not.toContain(apiKey);
    expect(screen).toContain('Greeting [greeting] (default hi): hallo\r\n');
    expect(screen).toContain('"text": "hallo"');
  });
});
