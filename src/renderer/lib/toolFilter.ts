import type { JsonObject } from '../../shared/json';

function text(item: JsonObject, field: string): string {
  const value = item[field];
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** Positions of the items whose name, title or description contain the query (case-insensitive). */
export function filterItems(
  items: readonly JsonObject[],
  query: string,
  fields = ['name', 'title', 'description'],
): number[] {
  const needle = query.trim().toLowerCase();
  const positions: number[] = [];
  for (let index = 0; index < items.length; index += 1) {
    if (needle === '' || fields.some((field) => text(items[index], field).includes(needle)))
      positions.push(index);
  }
  return positions;
}
