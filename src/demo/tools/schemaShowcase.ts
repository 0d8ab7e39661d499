/**
 * Tools whose input schemas cover every JSON Schema shape real servers send. Each echoes the arguments
 * it received as JSON text, so a caller can see exactly what its form sent.
 */
import { echoResult, type DemoTool } from '../demoTool.js';

const echo = (args: Record<string, unknown>) => echoResult(args);

const address = {
  type: 'object',
  description: 'A postal address.',
  properties: {
    street: { type: 'string' },
    city: { type: 'string' },
    postcode: { type: 'string', pattern: '^[A-Z0-9 -]{3,10}$' },
    country: { type: 'string', enum: ['NL', 'DE', 'FR', 'GB', 'US'], default: 'NL' },
  },
  required: ['street', 'city'],
};

export const schemaShowcaseTools: DemoTool[] = [
  {
    definition: {
      name: 'echo',
      title: 'Echo',
      description: 'Returns the arguments it received, exactly, as JSON text.\nUse it to see what a client sends.',
      inputSchema: {
        type: 'object',
        properties: { message: { type: 'string', description: 'Anything to send back.' } },
        additionalProperties: true,
      },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    run: echo,
  },
  {
    definition: {
      name: 'create_customer',
      title: 'Create customer (nested objects)',
      description: 'Nested objects: a customer with a billing address and an optional shipping address.',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, examples: ['Ada Lovelace'] },
          email: { type: 'string', format: 'email' },
          billing: address,
          shipping: { ...address, description: 'Where parcels go, when not the billing address.' },
          marketing: {
            type: 'object',
            properties: { newsletter: { type: 'boolean', default: false }, channel: { type: 'string', enum: ['email', 'sms', 'post'] } },
          },
        },
        required: ['name', 'email', 'billing'],
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'submit_order',
      title: 'Submit order (arrays of objects)',
      description: 'Arrays of objects: order lines, each with a SKU, a quantity and an optional note; plus tags.',
      inputSchema: {
        type: 'object',
        properties: {
          lines: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: {
                sku: { type: 'string', examples: ['SKU-1001'] },
                quantity: { type: 'integer', minimum: 1, default: 1 },
                note: { type: 'string' },
              },
              required: ['sku', 'quantity'],
            },
          },
          tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          express: { type: 'boolean', default: false },
        },
        required: ['lines'],
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'set_priority',
      title: 'Set priority (enums)',
      description: 'Enums of every kind: strings, integers, a nullable enum and a mixed one.',
      inputSchema: {
        type: 'object',
        properties: {
          level: { type: 'string', enum: ['low', 'normal', 'high', 'urgent'], default: 'normal' },
          severity: { type: 'integer', enum: [1, 2, 3, 5, 8] },
          ratio: { type: 'number', enum: [0.5, 1, 1.5] },
          escalation: { type: ['string', 'null'], enum: ['team', 'manager', null] },
          flag: { enum: ['on', 0, true, null] },
        },
        required: ['level'],
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'register_pet',
      title: 'Register pet ($defs and $ref, Pydantic style)',
      description: 'A Pydantic-style schema: $defs with $ref, a nested model list and an optional (anyOf null) field.',
      inputSchema: {
        type: 'object',
        $defs: {
          Owner: {
            type: 'object',
            title: 'Owner',
            properties: { name: { type: 'string', title: 'Name' }, phone: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Phone' } },
            required: ['name'],
          },
          Vaccination: {
            type: 'object',
            title: 'Vaccination',
            properties: { vaccine: { type: 'string', title: 'Vaccine' }, date: { type: 'string', format: 'date', title: 'Date' } },
            required: ['vaccine', 'date'],
          },
          Species: { type: 'string', enum: ['cat', 'dog', 'rabbit', 'parrot'], title: 'Species' },
        },
        properties: {
          name: { type: 'string', title: 'Name' },
          species: { $ref: '#/$defs/Species' },
          owner: { $ref: '#/$defs/Owner' },
          vaccinations: { type: 'array', items: { $ref: '#/$defs/Vaccination' }, title: 'Vaccinations', default: [] },
          chip_id: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Chip Id' },
        },
        required: ['name', 'species', 'owner'],
        title: 'register_petArguments',
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'update_profile',
      title: 'Update profile (nullable unions)',
      description: 'Nullable fields both ways: anyOf [T, null] and type [T, "null"]; null clears a field.',
      inputSchema: {
        type: 'object',
        properties: {
          display_name: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          age: { type: ['integer', 'null'], minimum: 0 },
          bio: { type: ['string', 'null'], maxLength: 280 },
          website: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] },
        },
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'schedule_meeting',
      title: 'Schedule meeting (formats)',
      description: 'String formats: date, date-time, email, uri, plus defaults and examples.',
      inputSchema: {
        type: 'object',
        properties: {
          topic: { type: 'string', default: 'Weekly sync', examples: ['Roadmap review'] },
          day: { type: 'string', format: 'date', examples: ['2026-12-01'] },
          starts_at: { type: 'string', format: 'date-time', examples: ['2026-12-01T09:30:00Z'] },
          organiser: { type: 'string', format: 'email' },
          agenda_url: { type: 'string', format: 'uri' },
          duration_minutes: { type: 'integer', minimum: 5, maximum: 480, default: 30 },
          attendees: { type: 'array', items: { type: 'string', format: 'email' } },
        },
        required: ['day', 'starts_at', 'organiser'],
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'configure_alert',
      title: 'Configure alert (allOf)',
      description: 'allOf: a base alert combined with a threshold rule.',
      inputSchema: {
        type: 'object',
        allOf: [
          { type: 'object', properties: { name: { type: 'string' }, enabled: { type: 'boolean', default: true } }, required: ['name'] },
          { type: 'object', properties: { metric: { type: 'string', enum: ['cpu', 'memory', 'latency'] }, threshold: { type: 'number' } }, required: ['metric', 'threshold'] },
        ],
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'send_notification',
      title: 'Send notification (oneOf variants)',
      description: 'oneOf: the channel is exactly one of email, SMS or webhook, each with its own fields.',
      inputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          channel: {
            oneOf: [
              { type: 'object', title: 'Email', properties: { kind: { const: 'email' }, to: { type: 'string', format: 'email' } }, required: ['kind', 'to'] },
              { type: 'object', title: 'SMS', properties: { kind: { const: 'sms' }, phone: { type: 'string', pattern: '^\\+[0-9]{6,15}$' } }, required: ['kind', 'phone'] },
              { type: 'object', title: 'Webhook', properties: { kind: { const: 'webhook' }, url: { type: 'string', format: 'uri' } }, required: ['kind', 'url'] },
            ],
          },
        },
        required: ['text', 'channel'],
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'set_labels',
      title: 'Set labels (maps)',
      description: 'additionalProperties maps: free-form string labels and per-region integer quotas.',
      inputSchema: {
        type: 'object',
        properties: {
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          quotas: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
        },
        required: ['labels'],
        additionalProperties: false,
      },
    },
    run: echo,
  },
  {
    definition: {
      name: 'ping_service',
      description: 'No arguments at all: an empty object schema.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    run: () => ({ content: [{ type: 'text', text: 'pong' }] }),
  },
];
