/**
 * SARIF 2.1.0 (OASIS) for code-scanning uploads: one run, the security rules as the driver's rules, one result per
 * finding, logically located at server / kind / item / field, and physically at the config file line that names
 * the server when the scan came from a config file, else at the target itself (its URL, or its script file) when it
 * has one. Validated in the tests against the published 2.1.0 schema.
 */
import { createHash } from 'node:crypto';
import type { Finding, Severity } from '../../shared/lint.js';
import { securityCodes, type SecurityCode } from '../../shared/security.js';
import { securityRules } from './ruleCatalog.js';
import { securityRuleSeverity } from './scanSurface.js';

export interface SarifServer {
  /** The server's name (as configured) or the target described. */
  name: string;
  findings: readonly Finding[];
  /** The config file it was read from, relative to the scan's working folder, and the line naming it. */
  config?: { uri: string; line?: number };
  /** A direct target's own location (its URL or script file), when it came from no config file. */
  artifact?: string;
}

const level: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

const isSecurityCode = (code: string): code is SecurityCode =>
  (securityCodes as readonly string[]).includes(code);

export function sarifLog(servers: readonly SarifServer[], version: string): Record<string, unknown> {
  const rules = securityCodes.map((code) => ({
    id: code,
    name: securityRules[code].title
      .replace(/[^A-Za-z0-9]+/g, ' ')
      .replace(/(?:^| )(\w)/g, (_whole, letter: string) => letter.toUpperCase()),
    shortDescription: { text: securityRules[code].title },
    fullDescription: { text: securityRules[code].summary },
    helpUri: securityRules[code].reference.url,
    help: {
      text: `${securityRules[code].summary} Reference: ${securityRules[code].reference.title}, ${securityRules[code].reference.url} (read ${securityRules[code].reference.read}).`,
    },
    defaultConfiguration: { level: level[securityRuleSeverity[code]] },
    properties: { tags: ['security', 'mcp'] },
  }));
  const results = servers.flatMap((server) =>
    server.findings
      .filter((finding) => isSecurityCode(finding.code))
      .map((finding) => {
        const detail = finding.security;
        const item = detail
          ? `${detail.item.kind}${detail.item.name === '' ? '' : `/${detail.item.name}`}`
          : (finding.tool ?? 'server');
        const qualified = `${server.name}/${item}${detail ? `/${detail.field}` : ''}`;
        return {
          ruleId: finding.code,
          ruleIndex: securityCodes.indexOf(finding.code as SecurityCode),
          level: level[finding.severity],
          message: { text: finding.message },
          locations: [
            {
              ...(server.config
                ? {
                    physicalLocation: {
                      artifactLocation: { uri: server.config.uri },
                      ...(server.config.line ? { region: { startLine: server.config.line } } : {}),
                    },
                  }
                : server.artifact !== undefined
                  ? { physicalLocation: { artifactLocation: { uri: server.artifact } } }
                  : {}),
              logicalLocations: [
                { name: detail?.item.name ?? server.name, fullyQualifiedName: qualified, kind: 'member' },
              ],
            },
          ],
          partialFingerprints: {
            'loupeFinding/v1': createHash('sha256')
              .update(`${finding.code}\0${qualified}\0${detail?.evidence.span ?? finding.message}`)
              .digest('hex'),
          },
          properties: {
            server: server.name,
            ...(detail
              ? {
                  field: detail.field,
                  evidence: detail.evidence,
                  why: detail.why,
                  reference: detail.reference,
                }
              : {}),
          },
        };
      }),
  );
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Loupe',
            semanticVersion: version,
            informationUri: 'https://github.com/modelcontextprotocol',
            rules,
          },
        },
        results,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
}
