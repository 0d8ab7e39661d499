/**
 * `loupe scan`: the security lens over a target, or over every server of client config files (the files given, or
 * the known locations). A server of a config, stdio or HTTP, is opened only after a yes for it (or --yes): the rule
 * is shared/configOpening.ts; an HTTP server is then reached with its sign-in. A report per server; --json;
 * --sarif <file> (SARIF 2.1.0); --pin <file> compares with the pins (first use pins) and --accept takes a change as
 * the new pin.
 *
 * Exit codes: 0 nothing above info · 1 a server could not be scanned (or was not opened for want of a yes) · 4 warnings · 5 errors · 6 unaccepted pin drift
 * (the highest that applies, in the order 6, 5, 4, 1).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { ConfigVariableUse } from '../../shared/config.js';
import type { Finding } from '../../shared/lint.js';
import type { PinCheck } from '../../shared/security.js';
import { describeTarget, redactTarget, type Target } from '../../shared/target.js';
import { configOpening, opensWithoutAsking, shownConfigTarget } from '../../shared/configOpening.js';
import { readConfig, readKnownConfigs } from '../../core/config/readConfig.js';
import { loupeVersion } from '../../core/loupeVersion.js';
import { checkPin, pinDriftFindings, targetKey } from '../../core/security/pins.js';
import { readPinBook, writePinBook } from '../../core/security/pinStore.js';
import { readSurface } from '../../core/security/readSurface.js';
import { sarifLog, type SarifServer } from '../../core/security/sarif.js';
import { scanSurface } from '../../core/security/scanSurface.js';
import { listSkills } from '../../core/skills/listSkills.js';
import type { ServerSurface } from '../../core/security/surface.js';
import type { Invocation } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { countLine, findingBlock, pinLines, sortFindings } from '../format/securityReport.js';
import { terminalLineReader, type LineReader } from '../linePrompt.js';
import { pageOptions, walk } from '../listing.js';
import { targetArtifact } from './scanArtifact.js';
import { createRecorder, openSession } from '../openSession.js';
import { printable, serverLabel, type Terminal } from '../terminal.js';
import { printJson } from './listOutput.js';

interface ScanServer {
  name: string;
  target?: Target;
  /** The config file it came from, and the line that names it. */
  config?: { path: string; line?: number };
  /** The environment variables its config entry reads (names only): opening it sends or hands them on. */
  variables?: ConfigVariableUse[];
  /** A target named out of a config file (--config, --server): where SARIF locates it (not asked for, unlike config). */
  located?: { path: string; line?: number };
  skipped?: string;
  /** Skipped because nobody could be asked (no terminal, no --yes): the scan is incomplete. */
  unasked?: boolean;
  error?: LoupeErrorData;
  surface?: ServerSurface;
  incomplete?: string[];
  findings: Finding[];
  pin?: PinCheck;
  /** A pin file was given but a list stopped early: no pin taken nor checked. */
  pinUnchecked?: boolean;
  accepted?: boolean;
}

/** A scanned server for SARIF: at its config line when it came from one, else at the target's own location. */
function sarifServer(server: ScanServer): SarifServer {
  const file = server.config ?? server.located;
  if (file)
    return {
      name: server.name,
      findings: server.findings,
      config: {
        uri: relative(process.cwd(), file.path).split('\\').join('/'),
        ...(file.line ? { line: file.line } : {}),
      },
    };
  const artifact = server.target ? targetArtifact(server.target) : undefined;
  return { name: server.name, findings: server.findings, ...(artifact === undefined ? {} : { artifact }) };
}

async function lineOf(path: string, name: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => '');
  const index = text.split('\n').findIndex((line) => line.includes(`${JSON.stringify(name)}`));
  return index === -1 ? undefined : index + 1;
}

/** The servers to scan: the target, or those of the config files given (or of the known locations). */
async function gather(invocation: Invocation): Promise<ScanServer[]> {
  if (invocation.target) {
    const name = invocation.config?.server ?? describeTarget(redactTarget(invocation.target));
    // `--config <file> --server <name>`: located at the config line naming it, like a scan of the whole file.
    if (invocation.config?.server !== undefined) {
      const path = resolve(invocation.config.path);
      const line = await lineOf(path, invocation.config.server);
      const located = { path, ...(line === undefined ? {} : { line }) };
      return [{ name, target: invocation.target, located, findings: [] }];
    }
    return [{ name, target: invocation.target, findings: [] }];
  }
  const paths = [...(invocation.config ? [invocation.config.path] : []), ...(invocation.files ?? [])];
  const files =
    paths.length > 0
      ? await Promise.all(paths.map((path) => readConfig({ path: resolve(path) })))
      : (await readKnownConfigs(process.cwd())).filter((file) => file.exists);
  const servers: ScanServer[] = [];
  for (const file of files) {
    if (file.error) {
      servers.push({ name: file.path, error: file.error, findings: [] });
      continue;
    }
    for (const server of file.servers) {
      const line = await lineOf(file.path, server.name);
      const entry: ScanServer = {
        name: server.name,
        config: { path: file.path, ...(line === undefined ? {} : { line }) },
        findings: [],
      };
      if (!server.target)
        entry.error = {
          kind: 'config-invalid',
          message: `${file.path}: server "${server.name}": ${server.error ?? 'unusable'}`,
        };
      else entry.target = server.target;
      if (server.variables) entry.variables = server.variables;
      servers.push(entry);
    }
  }
  return servers;
}

/** The rule of configOpening.ts: a server gathered from a config is opened only after a yes, whatever its transport. */
async function allowed(
  server: ScanServer,
  yes: boolean,
  ask: LineReader | undefined,
  terminal: Terminal,
): Promise<boolean> {
  if (!server.target || opensWithoutAsking(server.config ? 'gathered' : 'named', yes)) return true;
  const opening = configOpening(server.target, server.variables);
  const clause = printable(opening.clause);
  const not = opening.verb === 'start' ? 'not started' : 'not connected';
  if (!ask) {
    server.skipped = `${not}: a server of a config is started or connected to only after a yes (no terminal to ask; pass --yes to open every one): would ${clause}`;
    server.unasked = true;
    return false;
  }
  const answer = await ask(`Scan ${printable(server.name)}: ${clause}? [y/N] `, false);
  if (/^y(es)?$/i.test(answer?.trim() ?? '')) return true;
  server.skipped = `${not}: answered no (would ${clause})`;
  terminal.err(`loupe: ${printable(server.name)}: ${server.skipped}`);
  return false;
}

async function read(server: ScanServer, invocation: Invocation, terminal: Terminal): Promise<void> {
  if (!server.target) return;
  const recorder = createRecorder(invocation.options);
  try {
    const session = await openSession(server.target, invocation.options, recorder, terminal);
    try {
      const { surface, incomplete, skillsIncomplete } = await readSurface(
        session.handshake,
        (kind) => walk(session, kind, invocation.options, terminal),
        { list: () => listSkills(session, pageOptions(invocation.options)) },
      );
      server.surface = surface;
      const partial = [...incomplete.map((result) => result.kind), ...(skillsIncomplete ? ['skills'] : [])];
      if (partial.length > 0) server.incomplete = partial;
    } finally {
      await session.close();
    }
  } catch (error) {
    server.error = toErrorData(error);
  } finally {
    await recorder.flush();
  }
}

function exitCode(servers: readonly ScanServer[]): number {
  const findings = servers.flatMap((server) => server.findings);
  if (servers.some((server) => server.pin?.state === 'changed' && !server.accepted)) return 6;
  if (findings.some((finding) => finding.severity === 'error')) return 5;
  if (findings.some((finding) => finding.severity === 'warning')) return 4;
  if (
    servers.some(
      (server) => server.error !== undefined || server.incomplete !== undefined || server.unasked === true,
    )
  )
    return 1;
  return 0;
}

function report(server: ScanServer, terminal: Terminal): void {
  const what = server.surface ? serverLabel(server.surface.serverInfo ?? null) : '';
  terminal.out(
    `${printable(server.name)}${what ? ` — ${printable(what)}` : ''}${server.config ? ` (${printable(server.config.path)})` : ''}`,
  );
  if (server.skipped) terminal.out(`  skipped: ${server.skipped}`);
  if (server.error) terminal.out(`  could not scan: ${printable(describeError(server.error))}`);
  if (server.incomplete)
    terminal.out(
      `  INCOMPLETE: ${server.incomplete.join(', ')} did not read to the end; findings may be missing`,
    );
  if (server.pin) for (const line of pinLines(server.pin, server.accepted === true)) terminal.out(line);
  if (server.pinUnchecked)
    terminal.out(
      '  pin: not taken nor checked, a list did not read to the end (a partial list would read as a change)',
    );
  if (server.surface) {
    if (server.findings.length === 0) terminal.out('  no findings');
    for (const finding of sortFindings(server.findings))
      for (const line of findingBlock(finding)) terminal.out(line);
    terminal.out(`  ${countLine(server.findings)}`);
  }
  terminal.out('');
}

export async function scanCommand(
  invocation: Invocation,
  terminal: Terminal,
  ask: LineReader | undefined = terminalLineReader(),
): Promise<number> {
  const { options } = invocation;
  // The pin file first: one that cannot be used (pins-invalid, naming it) stops the scan before any server opens.
  const book = options.pinPath !== undefined ? await readPinBook(options.pinPath) : undefined;
  const servers = await gather(invocation);
  for (const server of servers) {
    if (server.target && (await allowed(server, options.yes, ask, terminal)))
      await read(server, invocation, terminal);
  }
  const scanned = servers.filter((server) => server.surface !== undefined);
  let bookChanged = false;
  for (const server of scanned) {
    const surface = server.surface ?? {};
    const others = scanned
      .filter((other) => other !== server)
      .map((other) => ({
        server: other.name,
        tools: (other.surface?.tools ?? []).flatMap((tool) =>
          typeof tool.name === 'string' ? [tool.name] : [],
        ),
      }));
    server.findings = scanSurface(surface, { others });
    // A list that stopped early is no ground for a pin (see securityMethods): the INCOMPLETE line says why none.
    const listsWhole = (server.incomplete ?? []).every((kind) => kind === 'skills');
    if (book && server.target && !listsWhole) server.pinUnchecked = true;
    if (book && server.target && listsWhole) {
      const check = checkPin(book, targetKey(server.target), surface);
      server.pin = check;
      if (check.state === 'new') {
        book.pins[check.key] = check.pin;
        bookChanged = true;
      } else if (check.state === 'changed') {
        const tools = (surface.tools ?? []).map((tool) => tool.name);
        server.findings.push(
          ...pinDriftFindings(check, (name) => {
            const index = tools.indexOf(name);
            return index === -1 ? undefined : index;
          }),
        );
        if (options.accept) {
          book.pins[check.key] = check.current;
          server.accepted = true;
          bookChanged = true;
        }
      }
    }
  }
  if (book && options.pinPath !== undefined && bookChanged) await writePinBook(options.pinPath, book);
  if (options.sarifPath !== undefined) {
    const log = sarifLog(
      servers.map((server) => sarifServer(server)),
      loupeVersion(),
    );
    await writeFile(options.sarifPath, `${JSON.stringify(log, null, 2)}\n`);
  }
  if (servers.length === 0)
    terminal.err(
      'loupe: no servers to scan: give a target, config files, or have a client config in a known location',
    );
  if (options.json) {
    await printJson(terminal, {
      servers: servers.map((server) => ({
        name: server.name,
        ...(server.target ? { target: shownConfigTarget(server.target, server.variables) } : {}),
        ...(server.config ? { config: server.config } : {}),
        ...(server.surface?.serverInfo ? { serverInfo: server.surface.serverInfo } : {}),
        scanned: server.surface !== undefined,
        ...(server.skipped ? { skipped: server.skipped } : {}),
        ...(server.error ? { error: server.error } : {}),
        ...(server.incomplete ? { incomplete: server.incomplete } : {}),
        ...(server.pin
          ? {
              pin: {
                state: server.pin.state,
                key: server.pin.key,
                pinnedAt: server.pin.pin.pinnedAt,
                ...(server.pin.state === 'changed'
                  ? { changes: server.pin.changes, diff: server.pin.diff, accepted: server.accepted === true }
                  : {}),
              },
            }
          : server.pinUnchecked
            ? { pin: { state: 'unchecked', reason: 'a list did not read to the end' } }
            : {}),
        findings: server.findings,
      })),
      exitCode: exitCode(servers),
    });
  } else {
    for (const server of servers) report(server, terminal);
  }
  return exitCode(servers);
}
