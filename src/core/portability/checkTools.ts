/**
 * Each tool × host: accepted as sent, changed (what the host drops or rewrites), limited (it may not reach the model
 * until a setting changes) or refused, with the rule, its source and the path in the tool. The rules are the
 * profiles' data; this file only applies them.
 */
import type { JsonObject } from '../../shared/json.js';
import type {
  HostVerdict,
  PortabilityIssue,
  PortabilityReport,
  ToolHostResult,
} from '../../shared/portability.js';
import type { HostProfile, ProfileRule } from './profileTypes.js';
import { currentProfiles, profiles } from './profiles/index.js';
import { schemaBreaches, type Breach } from './schemaRules.js';

export interface PortabilityOptions {
  /** The name the host knows the server by (its key in the host's config); used by rules on full names. */
  serverName?: string;
}

/** Most issues one rule reports on one tool; the last says how many more places there were. */
const issuesPerRule = 12;

export const hostIds: readonly string[] = profiles.map((profile) => profile.id);

export function profileById(id: string): HostProfile | undefined {
  return profiles.find((profile) => profile.id === id);
}

/**
 * The profiles named by `--hosts` (`openai,anthropic`, or `all`: every profile of what today's hosts send, legacy
 * paths left out). Unknown names throw with the known ones listed, so a typo never silently checks nothing.
 */
export function resolveHosts(names: readonly string[]): HostProfile[] {
  if (names.includes('all')) {
    const named = names.filter((name) => name !== 'all');
    return resolveHostsByName([...currentProfiles.map((profile) => profile.id), ...named]);
  }
  return resolveHostsByName(names);
}

function resolveHostsByName(names: readonly string[]): HostProfile[] {
  const unknown = names.filter((name) => profileById(name) === undefined);
  if (unknown.length > 0) {
    throw new Error(
      `unknown host ${unknown.map((name) => JSON.stringify(name)).join(', ')}; hosts are ${hostIds.join(', ')} or all`,
    );
  }
  return [...new Set(names)].map((name) => profileById(name) as HostProfile);
}

/** The rules a host applies: those of the profiles it inherits first, then its own (an own rule replaces one of the same id). */
export function effectiveRules(profile: HostProfile, seen: ReadonlySet<string> = new Set()): ProfileRule[] {
  const rules = new Map<string, ProfileRule>();
  for (const parentId of profile.inherits ?? []) {
    const parent = profileById(parentId);
    if (!parent || seen.has(parentId)) continue;
    for (const rule of effectiveRules(parent, new Set([...seen, profile.id]))) rules.set(rule.id, rule);
  }
  for (const rule of profile.rules) rules.set(rule.id, rule);
  return [...rules.values()];
}

function fullName(
  tool: string,
  template: string | undefined,
  server: string | undefined,
  replace: string | undefined,
): string | undefined {
  if (template === undefined) return tool;
  if (template.includes('{server}') && (server === undefined || server === '')) return undefined;
  const shownServer =
    replace === undefined || server === undefined
      ? (server ?? '')
      : server.replace(new RegExp(replace, 'g'), '_');
  return template.replace('{server}', shownServer).replace('{tool}', tool);
}

function ruleBreaches(
  rule: ProfileRule,
  tool: JsonObject,
  index: number,
  options: PortabilityOptions,
): Breach[] {
  const name = typeof tool.name === 'string' ? tool.name : undefined;
  switch (rule.kind) {
    case 'name-pattern': {
      if (name === undefined || name === '') return [];
      const full = fullName(name, rule.template, options.serverName, undefined);
      if (full === undefined || new RegExp(rule.pattern, 'u').test(full)) return [];
      const effect = rule.effect === undefined ? '' : `; the host ${rule.effect}`;
      return [
        {
          path: 'name',
          message: `the name ${JSON.stringify(full)} has characters outside ${rule.allowed}${effect}`,
        },
      ];
    }
    case 'name-length': {
      if (name === undefined || name === '') return [];
      const full = fullName(name, rule.template, options.serverName, rule.serverReplace);
      if (full === undefined) return [];
      const length = [...full].length;
      if (length <= rule.max) return [];
      const what =
        rule.template === undefined
          ? 'the name'
          : `the full name ${JSON.stringify(full.length > 80 ? `${full.slice(0, 77)}…` : full)}`;
      const effect = rule.effect === undefined ? '' : `; the host ${rule.effect}`;
      return [{ path: 'name', message: `${what} is ${length} characters, more than ${rule.max}${effect}` }];
    }
    case 'description-length': {
      const description = typeof tool.description === 'string' ? tool.description : '';
      const bytes = rule.unit === 'utf8-bytes';
      const length = bytes ? Buffer.byteLength(description, 'utf8') : [...description].length;
      const unit = bytes ? 'bytes (UTF-8)' : 'characters';
      return length > rule.max
        ? [
            {
              path: 'description',
              message: `the description is ${length} ${unit}, more than ${rule.max}`,
            },
          ]
        : [];
    }
    case 'tool-count':
      return index >= rule.max
        ? [
            {
              path: 'tools',
              message: `the tool is number ${index + 1} of the list, past the host's ${rule.max}`,
            },
          ]
        : [];
    case 'dropped-fields':
      return rule.fields
        .filter((field) => tool[field] !== undefined && tool[field] !== null)
        .map((field) => ({ path: field, message: `${field} is not passed to the model` }));
    default:
      return schemaBreaches(rule, tool);
  }
}

function issuesOf(rule: ProfileRule, breaches: Breach[]): PortabilityIssue[] {
  const kept = breaches.slice(0, issuesPerRule);
  const more = breaches.length - kept.length;
  return kept.map((breach, position) => ({
    rule: rule.id,
    verdict: rule.verdict,
    path: breach.path,
    message:
      position === kept.length - 1 && more > 0
        ? `${breach.message} (and ${more} more places alike)`
        : breach.message,
    source: rule.source,
    ...(rule.workaround === undefined ? {} : { workaround: rule.workaround }),
  }));
}

/** Worst first: what a person acts on leads. */
const severity: Record<HostVerdict, number> = { refused: 3, limited: 2, changed: 1, accepted: 0 };

function worst(issues: readonly PortabilityIssue[]): HostVerdict {
  let verdict: HostVerdict = 'accepted';
  for (const issue of issues) if (severity[issue.verdict] > severity[verdict]) verdict = issue.verdict;
  return verdict;
}

export function checkTool(
  tool: JsonObject,
  index: number,
  profile: HostProfile,
  options: PortabilityOptions = {},
): ToolHostResult {
  const issues = effectiveRules(profile).flatMap((rule) =>
    issuesOf(rule, ruleBreaches(rule, tool, index, options)),
  );
  // Refusals first, then limits, then changes: a stable sort keeps the rules' order within each.
  issues.sort((left, right) => severity[right.verdict] - severity[left.verdict]);
  return { verdict: worst(issues), issues };
}

export function checkPortability(
  tools: readonly JsonObject[],
  hosts: readonly HostProfile[],
  options: PortabilityOptions = {},
): PortabilityReport {
  const counts: PortabilityReport['counts'] = {};
  for (const host of hosts) counts[host.id] = { accepted: 0, changed: 0, limited: 0, refused: 0 };
  const results = tools.map((tool, index) => {
    const byHost: Record<string, ToolHostResult> = {};
    for (const host of hosts) {
      const result = checkTool(tool, index, host, options);
      byHost[host.id] = result;
      counts[host.id][result.verdict] += 1;
    }
    return { name: typeof tool.name === 'string' ? tool.name : '', index, hosts: byHost };
  });
  return {
    hosts: hosts.map((host) => ({
      id: host.id,
      name: host.name,
      version: host.version,
      kind: host.kind,
      standsFor: host.standsFor,
    })),
    tools: results,
    counts,
  };
}
