/** Builds security findings: the lint finding's fields (code, severity, tool, index, message) and its security detail. */
import type { Finding, Severity } from '../../shared/lint.js';
import type { Evidence, SecurityCode, SecurityReference, SurfaceItem } from '../../shared/security.js';
import type { SurfaceText } from './surface.js';
import { evidenceOf, visible } from './visibleText.js';

export interface FindingInput {
  code: SecurityCode;
  severity: Severity;
  item: SurfaceItem;
  field: string;
  evidence: Evidence;
  /** What was found, short, without the item (the sink names it). */
  what: string;
  why: string;
  reference: SecurityReference;
  otherServer?: string;
}

export function itemLabel(item: SurfaceItem): string {
  const shown = (name: string): string =>
    JSON.stringify([...name].length > 60 ? `${[...name].slice(0, 57).join('')}…` : name);
  switch (item.kind) {
    case 'instructions':
      return 'The server instructions';
    case 'server':
      return 'The serverInfo';
    default:
      return `${item.kind[0]?.toUpperCase() ?? ''}${item.kind.slice(1)} ${shown(item.name)}`;
  }
}

export class FindingSink {
  readonly findings: Finding[] = [];

  add(input: FindingInput): void {
    const { item } = input;
    // The message carries the evidence made visible (never the raw text), so a terminal or a screen shows it inert.
    const message = `${itemLabel(item)}, ${input.field}: ${input.what}: "${input.evidence.span}"`;
    this.findings.push({
      code: input.code,
      severity: input.severity,
      ...(item.kind === 'tool'
        ? { tool: item.name, ...(item.index === undefined ? {} : { index: item.index }) }
        : {}),
      message: visible(message),
      security: {
        // The item's name made visible (the finding's `tool` keeps the name as sent, to find the tool by).
        item: { ...item, name: visible(item.name) },
        field: visible(input.field),
        evidence: input.evidence,
        why: input.why,
        reference: input.reference,
        ...(input.otherServer === undefined ? {} : { otherServer: input.otherServer }),
      },
    });
  }

  /** A finding on text.text[start, end). */
  onText(
    text: SurfaceText,
    start: number,
    end: number,
    rest: Omit<FindingInput, 'item' | 'field' | 'evidence'> & { evidence?: Partial<Evidence> },
  ): void {
    const { evidence, ...others } = rest;
    this.add({
      ...others,
      item: text.item,
      field: text.field,
      evidence: { ...evidenceOf(text.text, start, end), ...evidence },
    });
  }
}
