/** JSON values as they arrive on the wire. Parsed at the boundary, never trusted further. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field of an object, or undefined when absent or of another type. */
export function stringField(value: unknown, key: string): string | undefined {
  if (!isJsonObject(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}
