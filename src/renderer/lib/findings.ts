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
  for (const finding of findings) {
    if (finding.index !== undefined) add(finding.index, finding);
    else if (finding.tool !== undefined)
      names.forEach((name, index) => name === finding.tool && add(index, finding));
  }
  return map;
}
