/**
 * A small structural checker for untrusted JSON: each check returns the first problem with the path
 * where it is (`frames[3].raw`), or undefined. Enough to validate a snapshot file without a schema engine.
 */
export interface ShapeProblem {
  path: string;
  message: string;
  /** The value is a number JSON.parse could not hold (a literal like 1e999 becomes Infinity). */
  overflow?: true;
}

export type Check = (value: unknown, path: string) => ShapeProblem | undefined;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return `the number ${value}`;
  return typeof value === 'string' ? `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : `a ${typeof value}`;
}

const at = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

function expect(what: string, test: (value: unknown) => boolean): Check {
  return (value, path) => {
    if (test(value)) return undefined;
    const name = path === '' ? 'the file' : path;
    // JSON.parse turns a literal too large for a double (1e999) into Infinity: "found a number" would say nothing.
    if (typeof value === 'number' && !Number.isFinite(value)) return { path, message: `${name} is not a finite number.`, overflow: true };
    return { path, message: value === undefined ? `${name} is missing.` : `${name} should be ${what}, found ${describe(value)}.` };
  };
}

export const string = expect('a string', (value) => typeof value === 'string');
export const boolean = expect('true or false', (value) => typeof value === 'boolean');
export const number = expect('a number', (value) => typeof value === 'number' && Number.isFinite(value));
export const integer = expect('a whole number ≥ 0', (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0);
export const anyObject = expect('an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value));
export const timestamp = expect('an ISO 8601 time', (value) => typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)));

export function optional(check: Check): Check {
  return (value, path) => (value === undefined ? undefined : check(value, path));
}

export function nullable(check: Check): Check {
  return (value, path) => (value === null ? undefined : check(value, path));
}

export function oneOf(allowed: readonly string[]): Check {
  return expect(`one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}`, (value) => typeof value === 'string' && allowed.includes(value));
}

export function arrayOf(check: Check): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return expect('an array', () => false)(value, path);
    for (const [index, item] of value.entries()) {
      const problem = check(item, `${path}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

export function record(check: Check): Check {
  return (value, path) => {
    const problem = anyObject(value, path);
    if (problem) return problem;
    for (const [key, item] of Object.entries(value as object)) {
      const inner = check(item, at(path, key));
      if (inner) return inner;
    }
    return undefined;
  };
}

/** An object with these fields (others are allowed: a newer minor writer may add some). */
export function object(shape: Record<string, Check>): Check {
  return (value, path) => {
    const problem = anyObject(value, path);
    if (problem) return problem;
    for (const [key, check] of Object.entries(shape)) {
      const inner = check((value as Record<string, unknown>)[key], at(path, key));
      if (inner) return inner;
    }
    return undefined;
  };
}
