/**
 * The doctor on -32021 MissingRequiredClientCapability (MCP 2026-07-28): the server needs a client capability the
 * request did not declare, and names it in `data.requiredCapabilities`. The advice says which Loupe option
 * declares and answers each: the CLI declares sampling, elicitation and roots only with --input; the app declares
 * them always and asks you each request.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Advice } from './diagnose.js';

const missingCapabilityCode = -32021;

const answers: Record<string, string> = {
  elicitation:
    'elicitation: --input defaults (accept with the schema’s defaults), --input decline or --input cancel, or an answers file with an "elicitation" reply (--input answers.json)',
  sampling:
    'sampling: an answers file with a "sampling" reply (--input answers.json); Loupe has no model of its own',
  roots: 'roots: --input with --root <uri> (repeatable), or an answers file with "roots"',
};

const knownExtensions: Record<string, string> = {
  'io.modelcontextprotocol/tasks': 'tasks',
  'io.modelcontextprotocol/ui': 'ui',
  'io.modelcontextprotocol/skills': 'skills',
};

/** data.requiredCapabilities of the error (the JSON-RPC error's data, as rpcFailure keeps it). */
function requiredCapabilities(error: LoupeErrorData): JsonObject | undefined {
  const data = isJsonObject(error.data) ? error.data : undefined;
  const inner = data && isJsonObject(data.data) ? data.data : data;
  const rpcError =
    data && isJsonObject(data.rpcError) && isJsonObject(data.rpcError.data) ? data.rpcError.data : undefined;
  const required = inner?.requiredCapabilities ?? rpcError?.requiredCapabilities;
  return isJsonObject(required) ? required : undefined;
}

function extensionAnswer(extensions: JsonObject): string {
  const names = Object.keys(extensions);
  const ours = names.flatMap((name) => (knownExtensions[name] ? [knownExtensions[name]] : []));
  const foreign = names.filter((name) => !knownExtensions[name]);
  const parts: string[] = [];
  if (ours.length > 0)
    parts.push(
      `extensions ${ours.join(', ')}: --extensions ${ours.join(',')} (declared by default; not with --no-extensions)`,
    );
  if (foreign.length > 0) parts.push(`extensions ${foreign.join(', ')}: Loupe does not implement them`);
  return parts.join('; ');
}

export function capabilityAdvice(error: LoupeErrorData): Advice | undefined {
  if (error.kind !== 'missing-client-capability' && error.code !== missingCapabilityCode) return undefined;
  const required = requiredCapabilities(error);
  const names = required ? Object.keys(required) : [];
  const steps = names.map((name) => {
    if (name === 'extensions' && required && isJsonObject(required.extensions))
      return extensionAnswer(required.extensions);
    return answers[name] ?? `${name}: Loupe cannot declare it`;
  });
  const which =
    names.length > 0 ? names.join(', ') : 'the server did not say which (no data.requiredCapabilities)';
  return {
    likelyCause: `The server needs a client capability that was not declared: ${which} (-32021 MissingRequiredClientCapability). Without --input the CLI declares no sampling, elicitation or roots: it only inspects.`,
    nextStep: `${steps.length > 0 ? `In the CLI, declare and answer it: ${steps.join('; ')}` : 'In the CLI, give --input defaults (it declares sampling, elicitation and roots) or an --input answers file'}. The app declares sampling, elicitation and roots and asks you each request.`,
    evidence: required ? [`requiredCapabilities: ${JSON.stringify(required)}`] : [],
  };
}
