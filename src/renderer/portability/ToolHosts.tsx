/** The tool detail's "Hosts" field: the verdict badges of the selected tool, when the report is of this list. */
import type { HostVerdict } from '../../shared/portability';
import { Field } from '../components/Field';
import { useLoupeStore } from '../store/store';
import { HostBadges } from './HostBadges';
import { usePortabilityReport } from './portabilityActions';

/** The portability report's entry for this tool, when the report is of this list (else null). */
export function useToolPortability(index: number, name: string | undefined) {
  const view = useLoupeStore((state) => (state.snapshotView ? null : state.portability));
  usePortabilityReport();
  const tool = view?.report.tools[index];
  // A report of an older list (the tools changed since) says nothing about this tool.
  if (!view || !tool || tool.name !== (name ?? '')) return null;
  return { view, tool };
}

/** "2 refused, 1 limited" (hosts by verdict), or "accepted everywhere". */
export function hostsInWords(tool: { hosts: Record<string, { verdict: HostVerdict } | undefined> }): string {
  const counts = new Map<HostVerdict, number>();
  for (const entry of Object.values(tool.hosts)) {
    if (entry && entry.verdict !== 'accepted')
      counts.set(entry.verdict, (counts.get(entry.verdict) ?? 0) + 1);
  }
  const order: HostVerdict[] = ['refused', 'limited', 'changed'];
  const parts = order
    .filter((verdict) => counts.has(verdict))
    .map((verdict) => `${counts.get(verdict)} ${verdict}`);
  return parts.length === 0 ? 'accepted everywhere' : parts.join(', ');
}

export function ToolHosts({ index, name }: { index: number; name: string | undefined }) {
  const found = useToolPortability(index, name);
  if (!found) return null;
  const { view, tool } = found;
  const cost = view.costs.tools.find((entry) => entry.index === index);
  return (
    <Field label="Hosts" id="tool-hosts">
      <HostBadges hosts={view.report.hosts} tool={tool} {...(cost ? { cost } : {})} />
    </Field>
  );
}
