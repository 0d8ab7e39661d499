/**
 * The requests a POST body carries (a JSON-RPC message or batch): id → method. Their responses are due on
 * that POST's response, so when its event stream ends without them the wire can say so at once.
 */
import { isJsonObject } from '../../shared/json.js';

export type CarriedRequests = Map<string | number, string>;

export function carriedRequests(body: string): CarriedRequests {
  const carried: CarriedRequests = new Map();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return carried;
  }
  for (const message of Array.isArray(value) ? value : [value]) {
    if (!isJsonObject(message) || typeof message.method !== 'string') continue;
    const id = message.id;
    if (typeof id === 'string' || typeof id === 'number') carried.set(id, message.method);
  }
  return carried;
}
