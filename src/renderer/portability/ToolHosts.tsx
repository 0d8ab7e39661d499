/** The tool detail's "Hosts" field: the verdict badges of the selected tool, when the report is of this list. */
import { Field } from '../components/Field';
import { useLoupeStore } from '../store/store';
import { HostBadges } from './HostBadges';
import { usePortabilityReport } from './portabilityActions';

export function ToolHosts({ index, name }: { index: number; name: string | undefined }) {
  const view = useLoupeStore((state) => (state.snapshotView ? null : state.portability));
  usePortabilityReport();
  const tool = view?.report.tools[index];
  // A report of an older list (the tools changed since) says nothing about this tool.
  if (!view || !tool || tool.name !== (name ?? '')) return null;
  const cost = view.costs.tools.find((entry) => entry.index === index);
  return (
    <Field label="Hosts">
      <HostBadges hosts={view.report.hosts} tool={tool} {...(cost ? { cost } : {})} />
    </Field>
  );
}
