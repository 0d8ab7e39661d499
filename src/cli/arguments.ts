/**
 * `loupe` argument parsing: the target flags (shared with the other shells), then the command and its
 * options. Anything malformed is a `usage` LoupeError, which the CLI turns into exit code 2.
 */
import { LoupeError } from '../shared/errors.js';
import { isJsonObject, type JsonObject } from '../shared/json.js';
import { listKinds, type ListKind } from '../shared/lists.js';
import type { ProtocolChoice } from '../shared/session.js';
import { failOnLevels, type FailOn } from '../shared/diff.js';
import { parseTargetArguments } from '../core/backend/targetArguments.js';
import type { ExtensionChoice } from '../shared/tasks.js';
import { closest } from './suggestion.js';
import {
  commands,
  commandWords,
  testReporters,
  type CliOptions,
  type CommandName,
  type TestReporter,
  type Invocation,
} from './invocation.js';
import { grantFlag } from './grantFlags.js';
import { isTraceFlag, traceFlag } from './traceFlags.js';
import { hostIds, resolveHosts } from '../core/portability/checkTools.js';

/** --extensions tasks,ui,skills (or none): the extensions named are declared, the others not. */
function parseExtensions(text: string): ExtensionChoice {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'none');
  const unknown = names.find((name) => name !== 'tasks' && name !== 'ui' && name !== 'skills');
  if (unknown !== undefined) throw usage(`--extensions names tasks, ui, skills or none; got "${unknown}".`);
  return { tasks: names.includes('tasks'), ui: names.includes('ui'), skills: names.includes('skills') };
}

/** --hosts openai,anthropic (or all): known profile ids only, so a typo never checks nothing. */
function parseHosts(text: string): string[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw usage(`--hosts names one or more of ${hostIds.join(', ')}, or all.`);
  try {
    return resolveHosts(names).map((profile) => profile.id);
  } catch (error) {
    throw usage(`--hosts: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

export { commands, commandWords, testReporters };
export type {
  CliAuthOptions,
  CliOptions,
  CommandName,
  InputMode,
  Invocation,
  TestReporter,
} from './invocation.js';

const protocolChoices = ['auto', 'modern', 'legacy'] as const;

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

function positiveInteger(flag: string, text: string, allowZero = false): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || (!allowZero && value === 0)) {
    throw usage(`${flag} wants a ${allowZero ? 'non-negative' : 'positive'} whole number, got "${text}".`);
  }
  return value;
}

function parseToolArguments(text: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw usage(`--args is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(parsed)) throw usage('--args must be a JSON object, e.g. --args \'{"city":"Utrecht"}\'.');
  return parsed;
}

/** diff: two snapshot files, or one and a live target (the new side); board: one or more files or folders. */
function parseFiles(invocation: Invocation, files: string[]): void {
  invocation.files = files;
  const live = invocation.target !== undefined || invocation.config?.server !== undefined;
  if (invocation.command === 'board') {
    if (live) throw usage('board reads snapshot files, not a live target: loupe board <files or folder>');
    if (files.length === 0)
      throw usage('board needs snapshot files or a folder of them: loupe board snapshots/');
    return;
  }
  const wanted = live ? 1 : 2;
  if (files.length !== wanted) {
    throw usage(
      'diff compares two sides: loupe diff <old.json> <new.json>, or loupe diff <old.json> <target> (e.g. -- node server.js) for the server now.',
    );
  }
}

export function parseArguments(argv: readonly string[]): Invocation {
  let parsedTarget: ReturnType<typeof parseTargetArguments>;
  try {
    parsedTarget = parseTargetArguments(argv);
  } catch (error) {
    if (error instanceof LoupeError && error.kind === 'invalid-target') throw usage(error.message);
    throw error;
  }
  const { target, rest } = parsedTarget;
  const options: CliOptions = {
    json: false,
    debug: false,
    html: false,
    kind: 'tools',
    toolArguments: {},
    roots: [],
    auth: { mode: 'auto', nonInteractive: false },
    yes: false,
    accept: false,
    replay: { http: false, onMiss: 'error', pace: 'instant' },
    traces: {},
  };
  const positional: string[] = [];
  let command: CommandName | undefined;
  const config: { path?: string; server?: string } = {};
  const configInputs: Array<[string, string]> = [];

  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? '';
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    const flag = equals > 0 ? argument.slice(0, equals) : argument;
    const value = (): string => {
      if (equals > 0) return argument.slice(equals + 1);
      const next = rest[index + 1];
      if (next === undefined) throw usage(`${flag} needs a value.`);
      index += 1;
      return next;
    };
    switch (flag) {
      case '--timeout':
        options.timeoutMs = positiveInteger(flag, value());
        break;
      case '--page-limit':
        options.pageLimit = positiveInteger(flag, value());
        break;
      case '--max-frame-bytes':
        options.maxFrameBytes = positiveInteger(flag, value());
        break;
      case '--max-response-bytes':
        options.maxResponseBytes = positiveInteger(flag, value());
        break;
      case '--json':
        options.json = true;
        break;
      case '--debug':
        options.debug = true;
        break;
      case '--costs':
        options.costs = true;
        break;
      case '--journal':
        options.journalPath = value();
        break;
      case '--kind': {
        const kind = value();
        if (kind === 'skills') options.skills = true;
        else if (!(listKinds as readonly string[]).includes(kind))
          throw usage(`--kind is one of ${listKinds.join(', ')}, skills; got "${kind}".`);
        else options.kind = kind as ListKind;
        break;
      }
      case '--args':
        options.toolArguments = parseToolArguments(value());
        break;
      case '--out':
        options.out = value();
        break;
      case '--port':
        options.port = positiveInteger(flag, value(), true);
        break;
      case '--protocol': {
        const choice = value();
        if (!(protocolChoices as readonly string[]).includes(choice))
          throw usage(`--protocol is one of ${protocolChoices.join(', ')}; got "${choice}".`);
        options.protocol = choice as ProtocolChoice;
        break;
      }
      case '--input': {
        const mode = value();
        options.input =
          mode === 'decline' || mode === 'cancel' || mode === 'defaults' || mode === 'ask'
            ? { mode }
            : { mode: 'file', path: mode };
        break;
      }
      case '--root':
        options.roots.push(value());
        break;
      case '--fail-on': {
        const level = value();
        if (!(failOnLevels as readonly string[]).includes(level))
          throw usage(`--fail-on is one of ${failOnLevels.join(', ')}; got "${level}".`);
        options.failOn = level as FailOn;
        break;
      }
      case '--html':
        options.html = true;
        break;
      case '--auth': {
        const mode = value();
        if (mode !== 'auto' && mode !== 'none') throw usage(`--auth is auto or none; got "${mode}".`);
        options.auth.mode = mode;
        break;
      }
      case '--client-id':
        options.auth.clientId = value();
        break;
      case '--client-secret':
        options.auth.clientSecret = value();
        break;
      case '--client-metadata-url':
        options.auth.clientMetadataUrl = value();
        break;
      case '--scope':
        options.auth.extraScopes = [
          ...(options.auth.extraScopes ?? []),
          ...value().split(/\s+/).filter(Boolean),
        ];
        break;
      case '--token':
        options.auth.token = value();
        break;
      case '--auth-non-interactive':
        options.auth.nonInteractive = true;
        break;
      case '--grant':
      case '--client-auth':
      case '--dpop':
      case '--private-key-file':
      case '--client-secret-file':
      case '--private-key-jwk':
      case '--signing-alg':
      case '--assertion-file':
      case '--assertion-command':
      case '--id-token-file':
      case '--id-token-command':
      case '--idp-issuer':
      case '--idp-token-endpoint':
      case '--idp-client-id':
      case '--idp-client-secret':
        grantFlag(options.auth, flag, value());
        break;
      case '--auth-store':
        options.auth.storeDirectory = value();
        break;
      case '--task':
        options.task = true;
        break;
      case '--verify':
        options.verify = true;
        break;
      case '--extensions':
        options.extensions = parseExtensions(value());
        break;
      case '--hosts':
        options.hosts = parseHosts(value());
        break;
      case '--no-extensions':
        options.extensions = { tasks: false, ui: false, skills: false };
        break;
      case '--calls':
        options.calls = value();
        break;
      case '--http':
        options.replay.http = true;
        break;
      case '--on-miss': {
        const choice = value();
        if (choice !== 'error' && choice !== 'nearest')
          throw usage(`--on-miss is error or nearest; got "${choice}".`);
        options.replay.onMiss = choice;
        break;
      }
      case '--pace': {
        const choice = value();
        if (choice !== 'recorded' && choice !== 'instant')
          throw usage(`--pace is recorded or instant; got "${choice}".`);
        options.replay.pace = choice;
        break;
      }
      case '--config':
        config.path = value();
        break;
      case '--server':
        config.server = value();
        break;
      case '--config-input': {
        const pair = value();
        const split = pair.indexOf('=');
        if (split <= 0) throw usage(`--config-input wants id=value, got "${pair}".`);
        configInputs.push([pair.slice(0, split), pair.slice(split + 1)]);
        break;
      }
      case '--yes':
      case '-y':
        options.yes = true;
        break;
      case '--pin':
        options.pinPath = value();
        break;
      case '--accept':
        options.accept = true;
        break;
      case '--sarif':
        options.sarifPath = value();
        break;
      case '--grep': {
        const pattern = value();
        try {
          options.grep = new RegExp(pattern, 'u');
        } catch (error) {
          throw usage(
            `--grep is not a regular expression: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        break;
      }
      case '--bail':
        options.bail = true;
        break;
      case '--concurrency':
        options.concurrency = positiveInteger(flag, value());
        break;
      case '--reporter': {
        const reporter = value();
        if (!(testReporters as readonly string[]).includes(reporter))
          throw usage(`--reporter is one of ${testReporters.join(', ')}; got "${reporter}".`);
        options.reporter = reporter as TestReporter;
        break;
      }
      case '--scenario':
      case '--all':
      case '--spec-version': {
        options.conform ??= { scenarios: [], all: false };
        if (flag === '--scenario') options.conform.scenarios.push(value());
        else if (flag === '--all') options.conform.all = true;
        else options.conform.specVersion = value();
        break;
      }
      case '--help':
      case '-h':
        command = 'help';
        break;
      case '--version':
      case '-V':
        command ??= 'version';
        break;
      default:
        if (isTraceFlag(flag)) traceFlag(options.traces, flag, value);
        else if (argument.startsWith('-')) throw usage(`Unknown option ${argument}. See loupe --help.`);
        else positional.push(argument);
    }
  }

  if (command === undefined) {
    const first = positional.shift();
    if (first === undefined)
      throw usage('No command given. Try: loupe list --demo   (loupe --help for more)');
    if (first === 'tap')
      throw usage('tap comes first, before its flags: loupe tap [--journal <file>] -- <server command>.');
    if (!(commands as readonly string[]).includes(first)) {
      const near = closest(first, commandWords);
      const hint = near === undefined ? '' : ` Did you mean "${near}"?`;
      throw usage(`Unknown command "${first}".${hint} Commands: ${commandWords.join(', ')}.`);
    }
    command = first as CommandName;
  }
  const invocation: Invocation = { command, target, options };
  if (config.server !== undefined && config.path === undefined)
    throw usage('--server names a server of a config file: give --config <file> too.');
  if (config.path !== undefined) {
    if (target)
      throw usage(
        'Give one target: --config <file> --server <name>, --demo, --url <url>, or -- <command> [args…].',
      );
    invocation.config =
      config.server !== undefined ? { path: config.path, server: config.server } : { path: config.path };
  }
  if (configInputs.length > 0) {
    if (invocation.config?.server === undefined)
      throw usage(
        '--config-input gives an input of a config server: give --config <file> --server <name> too.',
      );
    invocation.config.inputs = Object.fromEntries(configInputs);
  }
  // help: the command or topic named (`loupe help list`, `loupe list --help`); main.ts answers most before parsing.
  if (command === 'help') invocation.tool = positional.shift();
  if (command === 'call') {
    invocation.tool = positional.shift();
    if (!invocation.tool) throw usage("call needs a tool name: loupe call <tool> [--args '{…}'] <target>");
  }
  if (command === 'read' || command === 'prompt') {
    invocation.tool = positional.shift();
    if (!invocation.tool)
      throw usage(
        command === 'read'
          ? 'read needs a resource URI: loupe read <uri> <target>'
          : "prompt needs a prompt name: loupe prompt <name> [--args '{…}'] <target>",
      );
  }
  if (command === 'diff' || command === 'board') parseFiles(invocation, positional.splice(0));
  if (command === 'scan') {
    // scan: config files to read (none: the target, --config, or the known locations).
    const files = positional.splice(0);
    if (files.length > 0 && (target !== undefined || invocation.config?.server !== undefined))
      throw usage('scan takes a target or config files, not both.');
    if (files.length > 0) invocation.files = files;
    if (options.accept && options.pinPath === undefined)
      throw usage('--accept takes a change as the new pin: give --pin <file> too.');
  }
  if (command === 'test') {
    const file = positional.shift();
    if (file === undefined)
      throw usage('test needs a collection file: loupe test <collection.json> [target]');
    invocation.files = [file];
  }
  if (command === 'replay') {
    invocation.files = positional.splice(0);
    if (invocation.files.length !== 1 || target)
      throw usage('replay serves one recording: loupe replay <snapshot.json> [--http [--port N]]');
  }
  if (command === 'trace') {
    invocation.files = positional.splice(0);
    if (invocation.files.length !== 1 || target)
      throw usage(
        'trace exports one recording: loupe trace <snapshot.json|journal.jsonl> [--otlp-endpoint <url>] [--otlp-protocol http/protobuf|http/json]',
      );
  }
  if (command === 'skills') {
    const [action, skill] = positional.splice(0, 2);
    if (action !== 'get' || !skill)
      throw usage(
        'skills wants: loupe skills get <name> [--out <dir>] [--verify] <target> (loupe list --kind skills lists them).',
      );
    invocation.skill = skill;
  }
  if (command === 'auth') {
    invocation.tool = positional.shift();
    if (invocation.tool !== 'logout') throw usage('auth wants an action: loupe auth logout --url <url>');
  }
  if (positional.length > 0 && command !== 'help' && command !== 'version') {
    throw usage(
      `Unexpected argument "${positional[0] ?? ''}". A stdio server command goes after --, e.g. loupe list -- node server.js`,
    );
  }
  if (options.conform && command !== 'conform')
    throw usage(
      '--scenario, --all and --spec-version go with conform: loupe conform --url <url> [--scenario <name>]…',
    );
  if (options.conform?.all && options.conform.scenarios.length > 0)
    throw usage('conform takes --all or --scenario names, not both.');
  if (options.costs && command !== 'list')
    throw usage('--costs goes with list: loupe list --costs <target> (lint --hosts prints them too).');
  if (options.hosts && command !== 'lint')
    throw usage('--hosts goes with lint: loupe lint --hosts openai,anthropic <target> (or --hosts all).');
  if (command === 'snapshot' && !options.out) throw usage('snapshot needs --out <file>.');
  if (
    command === 'auth' &&
    target?.transport !== 'http' &&
    target?.transport !== 'sse' &&
    target?.transport !== 'auto'
  ) {
    throw usage('auth logout needs the server: --url <url>.');
  }
  const hasTarget = target !== undefined || invocation.config?.server !== undefined;
  if (
    invocation.config &&
    invocation.config.server === undefined &&
    command !== 'list' &&
    command !== 'scan'
  ) {
    throw usage(
      `${command} --config needs --server <name> (loupe list --config ${invocation.config.path} lists them).`,
    );
  }
  if (
    ['list', 'call', 'lint', 'snapshot', 'watch', 'skills', 'conform', 'read', 'prompt'].includes(command) &&
    !hasTarget &&
    !invocation.config
  ) {
    throw usage(
      `${command} needs a target: --demo, --url <url>, or -- <command> [args…], or --config <file> --server <name>.`,
    );
  }
  return invocation;
}
