/** Tools that exercise the protocol: progress, images, structured output, errors, logging, list_changed. */
import { gradientPng } from '../png.js';
import { echoResult, textResult, type DemoTool } from '../demoTool.js';

const lensIcon =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="6" cy="6" r="4" fill="none" stroke="#333" stroke-width="2"/><path d="M9 9l5 5" stroke="#333" stroke-width="2"/></svg>').toString('base64');

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('cancelled'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const weatherOutput = {
  type: 'object' as const,
  properties: {
    city: { type: 'string' },
    temperatureCelsius: { type: 'number' },
    conditions: { type: 'string', enum: ['sunny', 'cloudy', 'rain', 'snow'] },
    observedAt: { type: 'string', format: 'date-time' },
  },
  required: ['city', 'temperatureCelsius', 'conditions', 'observedAt'],
};

export const behaviourTools: DemoTool[] = [
  {
    definition: {
      name: 'long_running_export',
      title: 'Long-running export',
      description: 'A slow tool: works for a while and reports progress when the request carries a progressToken.\nCancellable.',
      inputSchema: {
        type: 'object',
        properties: {
          steps: { type: 'integer', minimum: 1, maximum: 100, default: 5, description: 'How many progress steps.' },
          step_ms: { type: 'integer', minimum: 0, maximum: 10000, default: 200, description: 'Milliseconds per step.' },
        },
      },
      annotations: { readOnlyHint: true },
      icons: [{ src: lensIcon, mimeType: 'image/svg+xml', sizes: ['16x16'] }],
    },
    async run(args, context) {
      const steps = typeof args.steps === 'number' ? Math.max(1, Math.min(100, Math.floor(args.steps))) : 5;
      const stepMs = typeof args.step_ms === 'number' ? Math.max(0, Math.min(10000, args.step_ms)) : 200;
      await context.log('info', { event: 'export-started', steps }, 'export');
      for (let step = 1; step <= steps; step += 1) {
        await sleep(stepMs, context.signal);
        await context.sendProgress(step, steps, `Exported part ${step} of ${steps}`);
      }
      // Let clients that handle notifications a tick later than responses (the SDK's) still see 100%.
      await sleep(10, context.signal);
      await context.log('info', { event: 'export-finished', steps }, 'export');
      return textResult(`Export finished after ${steps} steps.`);
    },
  },
  {
    definition: {
      name: 'render_chart',
      title: 'Render chart (image)',
      description: 'Returns a small PNG image (base64) and a caption.',
      inputSchema: { type: 'object', properties: { caption: { type: 'string', default: 'A gradient' } } },
      annotations: { readOnlyHint: true },
      icons: [{ src: lensIcon, mimeType: 'image/svg+xml' }],
    },
    run(args) {
      const caption = typeof args.caption === 'string' ? args.caption : 'A gradient';
      return {
        content: [
          { type: 'image', data: gradientPng().toString('base64'), mimeType: 'image/png' },
          { type: 'text', text: caption },
        ],
      };
    },
  },
  {
    definition: {
      name: 'get_weather_report',
      title: 'Weather report (structured output)',
      description: 'Returns structuredContent matching its outputSchema, plus the same as text.',
      inputSchema: { type: 'object', properties: { city: { type: 'string', default: 'Utrecht' } }, required: ['city'] },
      outputSchema: weatherOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    run(args) {
      const city = typeof args.city === 'string' ? args.city : 'Utrecht';
      const report = { city, temperatureCelsius: 11.5, conditions: 'cloudy', observedAt: '2026-11-29T12:00:00Z' };
      return { content: [{ type: 'text', text: JSON.stringify(report) }], structuredContent: report };
    },
  },
  {
    definition: {
      name: 'get_stock_level',
      title: 'Stock level (output that breaks its schema)',
      description: 'Declares an outputSchema but returns structuredContent that does not match it, to show validation failing.',
      inputSchema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
      outputSchema: {
        type: 'object',
        properties: { sku: { type: 'string' }, onHand: { type: 'integer', minimum: 0 } },
        required: ['sku', 'onHand'],
        additionalProperties: false,
      },
    },
    run(args) {
      const sku = typeof args.sku === 'string' ? args.sku : 'unknown';
      const broken = { sku, onHand: 'twelve', warehouse: 'north' };
      return { content: [{ type: 'text', text: JSON.stringify(broken) }], structuredContent: broken };
    },
  },
  {
    definition: {
      name: 'fail_with_error',
      title: 'Fail with error',
      description: 'Always answers with isError: true and the reason given.',
      inputSchema: { type: 'object', properties: { reason: { type: 'string', default: 'Something went wrong on purpose.' } } },
    },
    run(args) {
      const reason = typeof args.reason === 'string' ? args.reason : 'Something went wrong on purpose.';
      return { content: [{ type: 'text', text: reason }], isError: true };
    },
  },
  {
    definition: {
      name: 'write_log',
      title: 'Write log message',
      description: 'Sends a notifications/message log entry at the level given, then echoes the arguments.',
      inputSchema: {
        type: 'object',
        properties: {
          level: { type: 'string', enum: ['debug', 'info', 'notice', 'warning', 'error'], default: 'info' },
          message: { type: 'string' },
        },
        required: ['message'],
      },
    },
    async run(args, context) {
      const level = typeof args.level === 'string' && ['debug', 'info', 'notice', 'warning', 'error'].includes(args.level) ? args.level : 'info';
      await context.log(level as 'info', { message: args.message ?? null }, 'demo');
      return echoResult(args);
    },
  },
  {
    definition: {
      name: 'toggle_experimental_tools',
      title: 'Toggle experimental tools (list_changed)',
      description: 'Adds or removes the experimental tools and sends notifications/tools/list_changed.',
      inputSchema: { type: 'object' },
    },
    async run(_args, context) {
      const on = await context.toggleExperimental();
      return textResult(on ? 'Experimental tools added.' : 'Experimental tools removed.');
    },
  },
  {
    definition: {
      name: 'purge_archive',
      title: 'Purge archive',
      description: 'Claims to delete archived records permanently. (It does nothing: annotations are only claims.)',
      inputSchema: {
        type: 'object',
        properties: { older_than_days: { type: 'integer', minimum: 1, default: 365 }, confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
      annotations: { title: 'Purge archive', destructiveHint: true, idempotentHint: false, readOnlyHint: false, openWorldHint: false },
    },
    run: (args) => echoResult(args),
  },
];

/** Tools that appear while the experimental switch is on. */
export const experimentalTools: DemoTool[] = [
  {
    definition: {
      name: 'experimental_forecast',
      title: 'Forecast (experimental)',
      description: 'A tool that exists only while experimental tools are switched on.',
      inputSchema: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 14, default: 3 } } },
    },
    run: (args) => echoResult(args),
  },
];
