#!/usr/bin/env node
// An MCP server instrumented with the OpenTelemetry JS SDK: its own NodeTracerProvider, resource and OTLP/HTTP
// protobuf exporter (@opentelemetry/exporter-trace-otlp-proto), configured only by the standard environment
// (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT). Built with the 1.x SDK's McpServer over stdio.
// Only the tool handler is ours: it reads the caller's traceparent (and tracestate) from the request's _meta
// (SEP-414) as its parent context, and makes two spans: "lookup <city>" (SERVER) and, inside it, "db.query"
// (CLIENT, db.system.name sqlite). Each span is exported as it ends (SimpleSpanProcessor).
//
//   OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://… node test/servers/traced.mjs
//
// Tools: lookup { city: string } → "<city>: 12 °C" (text)
import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'traced-server', 'service.version': '1.0.0' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter())],
});
provider.register({ propagator: new W3CTraceContextPropagator() });
const tracer = trace.getTracer('traced-server-tools', '1.0.0');

const server = new McpServer({ name: 'traced', version: '1.0.0' });
server.registerTool(
  'lookup',
  { description: 'Looks a city up (and traces it).', inputSchema: { city: z.string() } },
  async ({ city }, extra) => {
    const meta = extra._meta ?? {};
    const carrier = {};
    if (typeof meta.traceparent === 'string') carrier.traceparent = meta.traceparent;
    if (typeof meta.tracestate === 'string') carrier.tracestate = meta.tracestate;
    const parent = propagation.extract(ROOT_CONTEXT, carrier);
    return tracer.startActiveSpan(`lookup ${city}`, { kind: SpanKind.SERVER }, parent, async (span) => {
      try {
        await tracer.startActiveSpan(
          'db.query',
          { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'sqlite', 'db.query.text': 'SELECT 1' } },
          context.active(),
          async (query) => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            query.end();
          },
        );
        return { content: [{ type: 'text', text: `${city}: 12 °C` }] };
      } finally {
        span.end();
      }
    });
  },
);

async function shutdown() {
  await provider.shutdown().catch(() => undefined);
  process.exit(0);
}
process.stdin.on('end', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
await server.connect(new StdioServerTransport());
