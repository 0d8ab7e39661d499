import { securityCodes, type SecurityDetail } from './security.js';

export const findingCodes = [
  'name-empty',
  'name-too-long',
  'name-charset',
  'name-duplicate',
  'name-case-collision',
  'input-schema-missing',
  'input-schema-not-object',
  'input-schema-invalid',
  'output-schema-invalid',
  'schema-too-deep',
  'description-missing',
  'annotations-untrusted',
  'x-mcp-header-invalid',
  'deprecated-feature',
  'stdout-not-json', // a stdio server wrote lines on stdout that are not JSON-RPC messages (a banner, logs)
  // MCP Apps
  'app-resource-unresolved',
  'app-resource-mime',
  // the security lens (shared/security.ts)
  ...securityCodes,
  // Portability (lint --hosts): a host or model API refuses the tool, or passes it on changed
  'host-refused',
  'host-changed',
  // Skills (SEP-2640)
  'skill-entry-invalid', // a skills/list entry breaks the SEP: its URI, name or resources (digest, size, SKILL.md listed)
  'skill-frontmatter', // an entry's frontmatter is missing, lacks name or description, or its name is not the URI's
  'skill-name-duplicate', // two listed skills share a name: a host must tell them apart by URI
] as const;

export type FindingCode = (typeof findingCodes)[number];
export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** The tool's name as sent (may be empty). */
  tool?: string;
  /** Position of the tool in the full list (0-based), to tell duplicates apart. */
  index?: number;
  /** Skills: the skill's SKILL.md URI the finding is about. */
  skill?: string;
  message: string;
  /** Security findings: the item, the evidence span, why and the public reference. */
  security?: SecurityDetail;
  /** host-refused, host-changed: which host profile, which of its rules, where in the tool. */
  host?: string;
  rule?: string;
  path?: string;
}

export const summaryFields = [
  'name',
  'inputSchema',
  'annotations',
  'description',
  'title',
  'outputSchema',
  'icons',
  'execution.taskSupport',
] as const;
export type SummaryField = (typeof summaryFields)[number];

export const namingConventions = ['snake_case', 'kebab-case', 'camelCase', 'other'] as const;
export type NamingConvention = (typeof namingConventions)[number];

export interface ToolSummary {
  toolCount: number;
  /** How many tools carry each field (description counts only non-blank strings). */
  fields: Record<SummaryField, number>;
  naming: Record<NamingConvention, number>;
  nameLength: { min: number; median: number; max: number } | null;
}
