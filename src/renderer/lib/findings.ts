import type { Finding } from '../../shared/lint';

/** Findings by the tool's position in the list (duplicates are told apart by index); others by name. */
export function findingsByIndex(
  findings: readonly Finding[],
  names: readonly string[],
): Map<number, Finding[]> {
  const map = new Map<number, Finding[]>();
  const add = (index: number, finding: Finding) => {
    let list = map.get(index);
    if (!list) map.set(index, (list = []));
    list.push(finding);
  };
  // Positions by name, built once and only if a finding names a tool without its index (one pass over the names,
  // not one per finding: 50,000 tools with as many findings would be 2.5 billion comparisons).
  let byName: Map<string, number[]> | undefined;
  const positionsOf = (tool: string): readonly number[] => {
    if (!byName) {
      byName = new Map();
      names.forEach((name, index) => {
        const positions = byName?.get(name);
        if (positions) positions.push(index);
        else byName?.set(name, [index]);
      });
    }
    return byName.get(tool) ?? [];
  };
  for (const finding of findings) {
    if (finding.index !== undefined) add(finding.index, finding);
    else if (finding.tool !== undefined) for (const index of positionsOf(finding.tool)) add(index, finding);
  }
  return map;
}
