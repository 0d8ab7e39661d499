/**
 * A collection (`loupe.collection/1`): saved steps against one server, each with assertions, run by `loupe test`
 * and the app's Collections view. The file's JSON Schema is `schemas/loupe.collection.schema.json`.
 */
import type { JsonObject, JsonValue } from './json.js';
import type { FailOn } from './diff.js';
import type { Target } from './target.js';

export const collectionFormat = 'loupe.collection/1';

export const callMethods = ['tools/call', 'resources/read', 'prompts/get'] as const;
export const listStepMethods = [
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
] as const;
export type CallMethod = (typeof callMethods)[number];
export type ListStepMethod = (typeof listStepMethods)[number];

/** A target as the CLI takes them, or a server of a client config file (resolved relative to the collection). */
export type CollectionTarget = Target | { config: string; server: string };

export const valueTypes = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const;
export type ValueType = (typeof valueTypes)[number];

/** Where a JSON Pointer looks: the result as sent, or the JSON parsed from its first text block. */
export type PointerBase = 'result' | 'jsonText';

export interface Bounds {
  equals?: number;
  min?: number;
  max?: number;
}

export interface PathAssertion {
  pointer: string;
  in?: PointerBase;
  equals?: JsonValue;
  /** A regular expression (JavaScript syntax) the value, a string, must match. */
  matches?: string;
  exists?: boolean;
  type?: ValueType;
  /** Length of a string or array, or number of keys of an object. */
  length?: number | Bounds;
  oneOf?: JsonValue[];
}

export interface ValueAssertion {
  equals?: JsonValue;
  /** Deep containment: every key given is there with a containing value; arrays contain each element given. */
  contains?: JsonValue;
  /** JSON Pointers (relative to the compared value) left out of both sides: timestamps, ids. */
  ignore?: string[];
}

export interface TextAssertion {
  equals?: string;
  contains?: string;
  matches?: string;
}

export interface LatencyBudget {
  p50?: number;
  p95?: number;
  max?: number;
}

export interface CallExpectations {
  isError?: boolean;
  /** The content block types, in order, exactly. */
  contentTypes?: string[];
  structuredContent?: ValueAssertion;
  /** The text of the text blocks, joined. */
  text?: TextAssertion;
  /** The first text block parsed as JSON. */
  jsonText?: ValueAssertion;
  paths?: PathAssertion[];
  /** structuredContent valid against the tool's outputSchema (tools/call only). */
  outputSchema?: boolean;
  /** Budgets in ms over the step's `repeat` calls. */
  latency?: LatencyBudget;
}

export interface SnapshotExpectation {
  /** A loupe.snapshot/1 file, relative to the collection. */
  file: string;
  /** Items (by name, uri or uriTemplate) compared; all of the snapshot's when absent. */
  items?: string[];
  /** What fails the step: breaking (default), drift (or breaking), any change. */
  failOn?: FailOn;
}

export interface ListExpectations {
  present?: string[];
  absent?: string[];
  count?: Bounds;
  snapshot?: SnapshotExpectation;
  latency?: LatencyBudget;
}

export type Capture = string | { pointer: string; in?: PointerBase };

interface StepBase {
  name: string;
  /** Steps (by name) that must finish before this one starts with --concurrency; captures used count too. */
  after?: string[];
  /** How many times the request is sent (latency budgets); assertions other than latency look at the first. */
  repeat?: number;
  /** The step's deadline over all it does (ms); also each of its requests' timeout. */
  timeoutMs?: number;
}

export interface CallStep extends StepBase {
  method: CallMethod;
  /** tools/call: the tool; prompts/get: `prompt`; resources/read: `uri`. */
  tool?: string;
  prompt?: string;
  uri?: string;
  arguments?: JsonObject;
  expect?: CallExpectations;
  captures?: Record<string, Capture>;
}

export interface ListStep extends StepBase {
  method: ListStepMethod;
  expect?: ListExpectations;
}

export type CollectionStep = CallStep | ListStep;

export interface Collection {
  $schema?: string;
  format: typeof collectionFormat;
  name?: string;
  description?: string;
  target?: CollectionTarget;
  /** Each step's deadline (ms) unless the step gives its own; the default is 60 s. */
  timeoutMs?: number;
  steps: CollectionStep[];
}

export function isListStep(step: CollectionStep): step is ListStep {
  return (listStepMethods as readonly string[]).includes(step.method);
}

// ---- results

export interface AssertionResult {
  /** What was asserted, in words: "isError", "structuredContent equals", "/structuredContent/city matches". */
  name: string;
  passed: boolean;
  expected?: JsonValue;
  actual?: JsonValue;
  /** Why it failed, in words. */
  message?: string;
  /** Pretty JSON of expected and actual, line by line, when both are values worth comparing. */
  diff?: DiffLine[];
}

export interface DiffLine {
  op: 'same' | 'removed' | 'added';
  text: string;
}

export type StepStatus = 'passed' | 'failed' | 'error' | 'skipped';

export interface LatencyFigures {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface StepResult {
  name: string;
  method: string;
  status: StepStatus;
  assertions: AssertionResult[];
  /** Wall time of the step, ms. */
  ms: number;
  latency?: LatencyFigures;
  /** The request as sent (variables substituted; values from the environment shown as `${env:NAME}`). */
  request?: JsonObject;
  /** The first result as sent. */
  result?: JsonObject;
  /** A request that failed (rpc error, timeout…), or why the step did not run. */
  error?: { kind: string; message: string };
  /** Recorder seq of the first request and response frame: where the app links to Traffic. */
  requestSeq?: number;
  responseSeq?: number;
  captured?: Record<string, JsonValue>;
  skippedBecause?: string;
}

export interface CollectionReport {
  name: string;
  file?: string;
  server?: string;
  startedAt: string;
  ms: number;
  steps: StepResult[];
  counts: { passed: number; failed: number; error: number; skipped: number };
  /** Set when the run could not go on (the connection ended): exit 2. */
  aborted?: { kind: string; message: string };
  /** Set when the run was interrupted (Ctrl-C: "SIGINT"): steps in flight are errors, the rest skipped; exit 130. */
  interrupted?: string;
}

/** A call proposed as a collection step ("Save to collection"): its result as the expectation, editable. */
export interface CollectionStepDraft {
  step: CallStep;
  /** Every leaf of the proposed expectation, by pointer relative to it; `volatile`: looks like a time or an id. */
  leaves: { pointer: string; value: JsonValue; volatile: boolean }[];
  /** What the expectation compares: structuredContent when the result has it, else the JSON text, else the text. */
  compares: 'structuredContent' | 'jsonText' | 'text' | 'none';
}

/** What "Save to collection" is given: one call as it went. */
export interface CollectionCall {
  tool: string;
  arguments: JsonObject;
  result: JsonObject;
}
