/** Where spans go, read as the OpenTelemetry SDKs read the OTEL_EXPORTER_OTLP_* variables (core/trace/otlpConfig.ts). */
import { describe, expect, it } from 'vitest';
import { otlpTarget } from '../../src/core/trace/otlpConfig.js';

describe('the OTLP export target', () => {
  it('is none without an endpoint: nothing leaves the machine unasked', () => {
    expect(otlpTarget({}, {})).toBeUndefined();
    expect(
      otlpTarget({}, { OTEL_EXPORTER_OTLP_HEADERS: 'a=b', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }),
    ).toBeUndefined();
  });

  it('takes the traces endpoint as it is, and appends /v1/traces to the base one', () => {
    expect(otlpTarget({}, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom' })?.url).toBe(
      'http://collector:4318/custom',
    );
    expect(otlpTarget({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })?.url).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(otlpTarget({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://x.example/otlp/' })?.url).toBe(
      'https://x.example/otlp/v1/traces',
    );
    // The flag or setting wins.
    expect(
      otlpTarget(
        { endpoint: 'http://127.0.0.1:1/v1/traces' },
        { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://a:1/b' },
      )?.url,
    ).toBe('http://127.0.0.1:1/v1/traces');
  });

  it('reads protocol, headers and timeout, the traces-specific ones first', () => {
    const target = otlpTarget(
      {},
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: 'api-key=one,X-Tenant=acme',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'api-key=two%20words',
        OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
      },
    );
    expect(target).toEqual({
      url: 'http://c:4318/v1/traces',
      protocol: 'http/json',
      headers: { 'api-key': 'two words', 'x-tenant': 'acme' },
      timeoutMs: 2500,
    });
    expect(otlpTarget({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })?.protocol).toBe('http/protobuf');
  });

  it('refuses grpc, a non-http endpoint and a malformed header without echoing its value', () => {
    expect(() =>
      otlpTarget({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/grpc is not spoken/);
    expect(() => otlpTarget({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///etc/passwd' })).toThrow(
      /http\(s\) URL/,
    );
    let message = '';
    try {
      otlpTarget(
        {},
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_HEADERS: 'secretvalue' },
      );
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain('not key=value');
    expect(message).not.toContain('secretvalue');
  });
});
