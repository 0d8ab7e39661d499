/**
 * Every assertion kind of a call step against the demo server (stdio), each with a case that passes and one that
 * fails for the right reason: the message and the actual value say why.
 */
import { describe, expect, it } from 'vitest';
import { demoTarget } from '../../src/core/demoTarget.js';
import { assertionOf, runOn, stepOf } from './run.js';

const weather = {
  city: 'Utrecht',
  temperatureCelsius: 11.5,
  conditions: 'cloudy',
  observedAt: '2026-11-29T12:00:00Z',
};

describe('call assertions against the demo server', () => {
  it('judges isError, content types, structuredContent, jsonText, text and outputSchema both ways', async () => {
    const report = await runOn(demoTarget(), {
      steps: [
        {
          name: 'weather ok',
          method: 'tools/call',
          tool: 'get_weather_report',
          arguments: { city: 'Utrecht' },
          expect: {
            isError: false,
            contentTypes: ['text'],
            structuredContent: { equals: { ...weather, observedAt: 'ignored' }, ignore: ['/observedAt'] },
            jsonText: { contains: { city: 'Utrecht' } },
            text: { contains: '"conditions":"cloudy"', matches: '^\\{.*\\}$' },
            outputSchema: true,
          },
        },
        {
          name: 'weather wrong',
          method: 'tools/call',
          tool: 'get_weather_report',
          arguments: { city: 'Utrecht' },
          expect: {
            isError: true,
            contentTypes: ['text', 'image'],
            structuredContent: { equals: { ...weather, temperatureCelsius: 20 } },
            jsonText: { contains: { city: 'Delft' } },
            text: { equals: 'sunny' },
          },
        },
        {
          name: 'stock',
          method: 'tools/call',
          tool: 'get_stock_level',
          arguments: { sku: 'A1' },
          expect: { outputSchema: true },
        },
        {
          name: 'no schema',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: 'hi' },
          expect: { outputSchema: true },
        },
        {
          name: 'chart',
          method: 'tools/call',
          tool: 'render_chart',
          arguments: {},
          expect: { contentTypes: ['image', 'text'], jsonText: { equals: 1 } },
        },
      ],
    });
    const ok = stepOf(report, 'weather ok');
    expect(ok.status, JSON.stringify(ok.assertions.filter((a) => !a.passed))).toBe('passed');
    expect(ok.assertions).toHaveLength(7);

    expect(stepOf(report, 'weather wrong').status).toBe('failed');
    expect(assertionOf(report, 'weather wrong', 'isError')).toMatchObject({
      passed: false,
      message: 'isError was false',
      actual: false,
    });
    expect(assertionOf(report, 'weather wrong', 'content types')).toMatchObject({
      passed: false,
      actual: ['text'],
    });
    const equal = assertionOf(report, 'weather wrong', 'structuredContent equals');
    expect(equal.passed).toBe(false);
    expect(equal.diff?.filter((line) => line.op !== 'same').map((line) => line.text.trim())).toEqual([
      '"temperatureCelsius": 20',
      '"temperatureCelsius": 11.5',
    ]);
    expect(assertionOf(report, 'weather wrong', 'jsonText contains')).toMatchObject({
      passed: false,
      message: 'does not contain the expected value',
    });
    expect(assertionOf(report, 'weather wrong', 'text equals')).toMatchObject({
      passed: false,
      actual: JSON.stringify(weather),
    });

    expect(assertionOf(report, 'stock', 'structuredContent valid')).toMatchObject({ passed: false });
    expect(assertionOf(report, 'stock', 'structuredContent valid').message).toMatch(/onHand.*integer/);
    expect(assertionOf(report, 'no schema', 'structuredContent valid')).toMatchObject({
      passed: false,
      message: 'the tool declares no outputSchema',
    });
    expect(assertionOf(report, 'chart', 'content types').passed).toBe(true);
    expect(assertionOf(report, 'chart', 'jsonText')).toMatchObject({ passed: false });
    expect(assertionOf(report, 'chart', 'jsonText').message).toMatch(/^the first text block is not JSON/);
    expect(report.counts).toEqual({ passed: 1, failed: 4, error: 0, skipped: 0 });
  });

  it('judges JSON Pointer values: equals, matches, exists, type, length, oneOf, passing and failing', async () => {
    const pointer = (extra: object) => ({ pointer: '/structuredContent/city', ...extra });
    const report = await runOn(demoTarget(), {
      steps: [
        {
          name: 'paths',
          method: 'tools/call',
          tool: 'get_weather_report',
          arguments: { city: 'Utrecht' },
          expect: {
            paths: [
              pointer({ equals: 'Utrecht' }),
              pointer({ equals: 'Delft' }),
              { pointer: '/structuredContent/observedAt', matches: '^\\d{4}-\\d{2}-\\d{2}T' },
              { pointer: '/structuredContent/conditions', matches: '^sunny$' },
              { pointer: '/structuredContent/temperatureCelsius', matches: '^1' },
              { pointer: '/structuredContent/humidity', exists: false },
              { pointer: '/structuredContent/wind', exists: true },
              { pointer: '/structuredContent/temperatureCelsius', type: 'number' },
              { pointer: '/structuredContent/temperatureCelsius', type: 'integer' },
              { pointer: '/content', length: 1 },
              pointer({ length: { min: 10 } }),
              { pointer: '/conditions', in: 'jsonText', oneOf: ['cloudy', 'rain'] },
              { pointer: '/conditions', in: 'jsonText', oneOf: ['sunny', 'rain'] },
            ],
          },
        },
      ],
    });
    const verdicts = stepOf(report, 'paths').assertions.map((assertion) => [
      assertion.name,
      assertion.passed,
      assertion.message ?? '',
    ]);
    expect(verdicts).toEqual([
      ['/structuredContent/city equals "Utrecht"', true, ''],
      ['/structuredContent/city equals "Delft"', false, 'not equal'],
      ['/structuredContent/observedAt matches /^\\d{4}-\\d{2}-\\d{2}T/', true, ''],
      ['/structuredContent/conditions matches /^sunny$/', false, 'does not match'],
      ['/structuredContent/temperatureCelsius matches /^1/', false, 'is number, not a string'],
      ['/structuredContent/humidity is absent', true, ''],
      ['/structuredContent/wind exists', false, 'nothing is there'],
      ['/structuredContent/temperatureCelsius is number', true, ''],
      ['/structuredContent/temperatureCelsius is integer', false, 'is number'],
      ['/content length 1', true, ''],
      ['/structuredContent/city length {"min":10}', false, 'length is 7, below the minimum 10'],
      ['jsonText/conditions is one of ["cloudy","rain"]', true, ''],
      ['jsonText/conditions is one of ["sunny","rain"]', false, 'is none of them'],
    ]);
  });

  it('reads resources and gets prompts with the same assertions; a failed request is an error, not a pass', async () => {
    const report = await runOn(demoTarget(), {
      steps: [
        {
          name: 'config',
          method: 'resources/read',
          uri: 'demo://config.json',
          expect: { contentTypes: ['text'], jsonText: { contains: { region: 'eu-west' } } },
        },
        {
          name: 'logo',
          method: 'resources/read',
          uri: 'demo://logo.png',
          expect: { contentTypes: ['text'] },
        },
        {
          name: 'missing',
          method: 'resources/read',
          uri: 'demo://nothing',
          expect: { contentTypes: ['text'] },
        },
        {
          name: 'prompt',
          method: 'prompts/get',
          prompt: 'summarize_ticket',
          arguments: { ticket_id: 'T-1' },
          expect: { text: { equals: 'Summarise a support ticket (ticket_id=T-1): please help.' } },
        },
        {
          name: 'prompt wrong',
          method: 'prompts/get',
          prompt: 'summarize_ticket',
          arguments: { ticket_id: 'T-2' },
          expect: { text: { contains: 'T-1' } },
        },
      ],
    });
    expect(stepOf(report, 'config').status).toBe('passed');
    expect(assertionOf(report, 'logo', 'content types')).toMatchObject({ passed: false, actual: ['blob'] });
    expect(stepOf(report, 'missing')).toMatchObject({ status: 'error', error: { kind: 'rpc-error' } });
    expect(stepOf(report, 'missing').error?.message).toContain('Resource not found');
    expect(stepOf(report, 'prompt').status).toBe('passed');
    expect(assertionOf(report, 'prompt wrong', 'text contains')).toMatchObject({
      passed: false,
      actual: 'Summarise a support ticket (ticket_id=T-2): please help.',
    });
  });

  it('budgets latency over repeat: a generous budget passes, max ≤ 0 ms cannot', async () => {
    const report = await runOn(demoTarget(), {
      steps: [
        {
          name: 'generous',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: 'x' },
          repeat: 20,
          expect: { latency: { p50: 60_000, p95: 60_000, max: 60_000 } },
        },
        {
          name: 'impossible',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: 'x' },
          repeat: 5,
          expect: { latency: { max: 0 } },
        },
        { name: 'list budget', method: 'tools/list', repeat: 2, expect: { latency: { max: 0 } } },
      ],
    });
    expect(stepOf(report, 'generous')).toMatchObject({ status: 'passed', latency: { count: 20 } });
    expect(stepOf(report, 'generous').assertions.map((assertion) => assertion.name)).toEqual([
      'latency p50 ≤ 60000 ms (20 calls)',
      'latency p95 ≤ 60000 ms (20 calls)',
      'latency max ≤ 60000 ms (20 calls)',
    ]);
    const impossible = assertionOf(report, 'impossible', 'latency max');
    expect(impossible.passed).toBe(false);
    expect(impossible.message).toMatch(/^max was \d+(\.\d+)? ms$/);
    expect(stepOf(report, 'impossible').latency?.count).toBe(5);
    expect(assertionOf(report, 'list budget', 'latency max').passed).toBe(false);
  });
});
