/**
 * The sign-in steps of a session, read back from its frames: the backend records each AuthStep (masked) as an
 * 'http' frame marked with the step's name and the step as JSON. A loaded snapshot is a file from anywhere,
 * so each step is checked field by field; what does not have a step's shape is left out.
 */
import type { AuthAnswer, AuthCheck, AuthExchange, AuthStep, AuthStepName } from '../../shared/auth';
import { authStepNames } from '../../shared/auth';
import type { PushedFrame } from '../../shared/frames';
import { isJsonObject, type JsonObject } from '../../shared/json';

export interface ShownStep extends AuthStep {
  /** The frame it came from (Traffic shows the same step). */
  seq: number;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isJsonObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) if (typeof item === 'string') out[name] = item;
  return out;
}

function exchange(value: unknown): AuthExchange | undefined {
  if (!isJsonObject(value) || typeof value.method !== 'string' || typeof value.url !== 'string')
    return undefined;
  const body = typeof value.body === 'string' ? { body: value.body } : {};
  return { method: value.method, url: value.url, headers: stringRecord(value.headers), ...body };
}

function answer(value: unknown): AuthAnswer | undefined {
  if (!isJsonObject(value) || typeof value.status !== 'number') return undefined;
  const body = typeof value.body === 'string' ? { body: value.body } : {};
  return { status: value.status, headers: stringRecord(value.headers), ...body };
}

function checks(value: unknown): AuthCheck[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!isJsonObject(item) || typeof item.requirement !== 'string' || typeof item.ok !== 'boolean')
      return [];
    const detail = typeof item.detail === 'string' ? { detail: item.detail } : {};
    return [{ requirement: item.requirement, ok: item.ok, ...detail }];
  });
}

export function parseStep(raw: string): AuthStep | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isJsonObject(parsed)) return undefined;
  const name = parsed.step;
  if (typeof name !== 'string' || !(authStepNames as readonly string[]).includes(name)) return undefined;
  const request = exchange(parsed.request);
  const response = answer(parsed.response);
  const learned: JsonObject = isJsonObject(parsed.learned) ? parsed.learned : {};
  return {
    step: name as AuthStepName,
    ...(request ? { request } : {}),
    ...(response ? { response } : {}),
    ms: typeof parsed.ms === 'number' && Number.isFinite(parsed.ms) ? parsed.ms : 0,
    learned,
    checks: checks(parsed.checks),
  };
}

export function stepsFromFrames(frames: readonly PushedFrame[]): ShownStep[] {
  return frames.flatMap((frame) => {
    if (frame.kind !== 'http' || !frame.http?.auth || frame.raw === undefined) return [];
    const step = parseStep(frame.raw);
    return step ? [{ ...step, seq: frame.seq }] : [];
  });
}
