/**
 * Validates arguments against the tool's ORIGINAL inputSchema (not the normalised form schema), with the
 * JSON Schema draft the schema names. No eval (see schemaCheck.ts).
 */
import type { JsonValue } from '../../shared/json';
import { isJsonObject } from '../../shared/json';
import { checkValue, describeError } from './schemaCheck';

export type ArgumentsCheck = { valid: true } | { valid: false; errors: string[] } | { valid: 'unknown'; reason: string };

export function validateArguments(schema: JsonValue | undefined, value: JsonValue): ArgumentsCheck {
  if (!isJsonObject(schema)) return { valid: 'unknown', reason: 'the tool has no usable inputSchema' };
  try {
    const errors = checkValue(schema, value);
    return errors.length === 0 ? { valid: true } : { valid: false, errors: errors.map(describeError) };
  } catch (error) {
    return { valid: 'unknown', reason: `the schema could not be used: ${error instanceof Error ? error.message : String(error)}` };
  }
}
