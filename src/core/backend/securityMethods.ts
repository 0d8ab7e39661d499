/**
 * The security lens in the app: per session, findings over every list it shows (tools, prompts, resources,
 * templates, instructions) with shadowing against the other sessions' tools, and its pin (trust on first use) kept
 * in pins.json beside the settings. One registry per backend: the pin book and the sessions that can shadow each other.
 */
import { dirname, join } from 'node:path';
import type { BackendMethods, SavedServer } from '../../shared/contract.js';
import type { Finding } from '../../shared/lint.js';
import type { JsonObject } from '../../shared/json.js';
import type { ListKind, ListResult } from '../../shared/lists.js';
import type {
  OtherServerTools,
  PinBook,
  PinCheck,
  PinHeader,
  SecurityReport,
  ServerPin,
  SessionSecurity,
} from '../../shared/security.js';
import { toErrorData } from '../../shared/errors.js';
import type { Handshake } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import { describeTarget, redactTarget } from '../../shared/target.js';
import { checkPin, emptyPinBook, pinDriftFindings, pinOf, targetKey } from '../security/pins.js';
import { readPinBook, writePinBook } from '../security/pinStore.js';
import { readSurface, type SkillsReader } from '../security/readSurface.js';
import { runLens } from '../lenses/lensThread.js';
import { sameServer } from '../security/shadowing.js';
import type { ServerSurface } from '../security/surface.js';

export interface SecurityPeer {
  /** The backend's name for the session ("s1", …); none for a session outside a session host. */
  session?: string;
  /** The server's name and its tools as last listed; undefined when not connected. */
  tools(): OtherServerTools | undefined;
  /** Its security report (set by createSecurityMethods). */
  report?: () => Promise<SecurityReport>;
}

export interface SecurityRegistry {
  register(peer: SecurityPeer): () => void;
  /** Every other peer's tools, but a peer that is this server seen again (shadowing.ts sameServer). */
  others(self: SecurityPeer): OtherServerTools[];
  /** Every peer (this one too). */
  peers(): SecurityPeer[];
  book(): Promise<PinBook>;
  save(book: PinBook): Promise<void>;
}

/** The report's pin: the pinned (and current) definitions stay in the book (see PinHeader). */
function withoutItems(check: PinCheck): PinCheck<PinHeader> {
  const header = ({ items: _items, ...rest }: ServerPin): PinHeader => rest;
  if (check.state === 'changed') return { ...check, pin: header(check.pin), current: header(check.current) };
  return { ...check, pin: header(check.pin) };
}

/** pins.json beside the settings file; in memory when there is none. */
export function createSecurityRegistry(settingsPath: string | undefined): SecurityRegistry {
  const peers = new Set<SecurityPeer>();
  const path = settingsPath === undefined ? undefined : join(dirname(settingsPath), 'pins.json');
  let memory: PinBook | undefined;
  let writing: Promise<void> = Promise.resolve();
  return {
    register(peer) {
      peers.add(peer);
      return () => peers.delete(peer);
    },
    peers: () => [...peers],
    // A peer that is this server seen again (a replay of its snapshot, a second session to it) is not another server.
    others: (self) => {
      const own = self.tools();
      return [...peers]
        .filter((peer) => peer !== self)
        .flatMap((peer) => peer.tools() ?? [])
        .filter((other) => own === undefined || !sameServer(own, other));
    },
    async book() {
      memory ??= path === undefined ? emptyPinBook() : await readPinBook(path);
      return memory;
    },
    save(book) {
      memory = book;
      if (path === undefined) return Promise.resolve();
      writing = writing.then(() => writePinBook(path, book));
      return writing;
    },
  };
}

/**
 * The configured servers that are not connected now, as others for shadowing: each saved server whose target is
 * pinned, with its tools as pinned (no server is started to learn them). Not this session's own target, not one a
 * connected peer already speaks for, not one that names itself like this server.
 */
export function configuredOthers(
  saved: readonly SavedServer[],
  book: PinBook,
  self: { key: string; server: string },
  connected: readonly OtherServerTools[],
): OtherServerTools[] {
  const speaking = new Set(connected.map((other) => other.server));
  const seen = new Set<string>();
  return saved.flatMap((server) => {
    const key = targetKey(server.target);
    const pin = book.pins[key];
    const pinnedName = pin?.serverInfo?.name;
    const named = typeof pinnedName === 'string' && pinnedName !== '' ? pinnedName : server.name;
    if (!pin || key === self.key || seen.has(key) || named === self.server || speaking.has(named)) return [];
    seen.add(key);
    return [{ server: server.name, tools: Object.keys(pin.items.tools) }];
  });
}

export interface SecurityContext {
  /** The connected session: its target, handshake and a walk of a list (kept results reused). */
  live(): {
    target: Target;
    handshake: Handshake;
    walk: (kind: ListKind) => Promise<ListResult>;
    /** Its skills: the kept listing and the files the user fetched. */
    skills?: SkillsReader;
  };
  /** The servers configured in the app (saved servers), for shadowing beyond the open sessions. */
  configured?(): Promise<readonly SavedServer[]>;
}

/** The server's name for other sessions' findings: serverInfo.name, else the target. */
export function serverName(handshake: Handshake | undefined, target: Target): string {
  const name = handshake?.serverInfo?.name;
  return typeof name === 'string' && name !== '' ? name : describeTarget(redactTarget(target));
}

export function toolNames(tools: readonly JsonObject[] | undefined): string[] {
  return (tools ?? []).flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : []));
}

export function createSecurityMethods(
  registry: SecurityRegistry,
  peer: SecurityPeer,
  context: SecurityContext,
): Pick<BackendMethods, 'security' | 'acceptPin' | 'securityAcrossSessions'> {
  const report = async (accept: boolean): Promise<SecurityReport> => {
    const { target, handshake, walk, skills } = context.live();
    const { surface, incomplete, skillsIncomplete } = await readSurface(handshake, walk, skills);
    const book = await registry.book();
    const key = targetKey(target);
    const connected = registry.others(peer);
    const configured = configuredOthers(
      (await context.configured?.()) ?? [],
      book,
      { key, server: serverName(handshake, target) },
      connected,
    );
    const findings: Finding[] = await runLens('scanSurface', {
      surface,
      others: [...connected, ...configured],
    });
    // A list that stopped early (a page timed out, a page limit) is no ground for a pin: pinned, the next whole
    // listing would read as every missing item added; compared, as every missing item removed. No pin is taken or
    // checked until every list reads to the end.
    let pin: PinCheck | null = incomplete.length === 0 ? checkPin(book, key, surface) : null;
    if (pin && (pin.state === 'new' || (accept && pin.state === 'changed'))) {
      book.pins[key] = pin.state === 'new' ? pin.pin : pin.current;
      await registry.save(book);
      if (accept) pin = { state: 'same', key, pin: book.pins[key] ?? pinOf(key, surface) };
    }
    const tools = toolNames(surface.tools);
    if (pin)
      findings.push(
        ...pinDriftFindings(pin, (name) => (tools.includes(name) ? tools.indexOf(name) : undefined)),
      );
    return {
      server: serverName(handshake, target),
      findings,
      pin: pin ? withoutItems(pin) : null,
      incomplete: [
        ...incomplete.map((result) => result.kind),
        ...(skillsIncomplete ? ['skills' as const] : []),
      ],
    };
  };
  peer.report = () => report(false);
  return {
    security: () => report(false),
    acceptPin: () => report(true),
    securityAcrossSessions: () => acrossSessions(registry, peer),
  };
}

/**
 * Every connected session's report, in the order the sessions were opened: each peer asked for its own (a
 * session outside a session host, named by no id, only when it is the one asking). One that fails says why.
 */
export async function acrossSessions(
  registry: SecurityRegistry,
  self: SecurityPeer,
): Promise<SessionSecurity[]> {
  const connected = registry.peers().flatMap((peer) => {
    const tools = peer.tools();
    const session = peer.session ?? (peer === self ? '' : undefined);
    return tools && session !== undefined && peer.report ? [{ peer, session, server: tools.server }] : [];
  });
  return Promise.all(
    connected.map(async ({ peer, session, server }): Promise<SessionSecurity> => {
      try {
        return { session, server, report: await (peer.report as () => Promise<SecurityReport>)() };
      } catch (error) {
        return { session, server, error: toErrorData(error).message };
      }
    }),
  );
}

/** Security findings about tools, for the lint column (on the lens thread, lensThread.ts). */
export async function toolSecurityFindings(
  surface: ServerSurface,
  others: readonly OtherServerTools[],
): Promise<Finding[]> {
  const findings = await runLens('scanSurface', { surface: { tools: surface.tools ?? [] }, others });
  return findings.filter((finding) => finding.security?.item.kind === 'tool');
}
