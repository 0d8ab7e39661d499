/** The demo's resources (several pages of them), one resource template, and reading them. */
import { McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { gradientPng } from './png.js';

const topics = ['onboarding', 'billing', 'security', 'deployment', 'incidents', 'roadmap', 'glossary', 'style-guide', 'faq', 'support'];

function noteText(index: number): string {
  const topic = topics[index % topics.length] ?? 'notes';
  return `# ${topic} note ${index + 1}\n\nThis is demo note ${index + 1} about ${topic}. It exists so resource lists paginate.\n`;
}

export const resources: Resource[] = [
  { uri: 'demo://readme', name: 'readme', title: 'About the demo server', description: 'What this server is for.', mimeType: 'text/markdown' },
  { uri: 'demo://config.json', name: 'config', title: 'Server configuration', mimeType: 'application/json' },
  { uri: 'demo://logo.png', name: 'logo', title: 'Logo (binary)', mimeType: 'image/png' },
  ...Array.from({ length: 57 }, (_, index): Resource => ({
    uri: `demo://notes/${String(index + 1).padStart(3, '0')}`,
    name: `note-${index + 1}`,
    description: `Note ${index + 1} on ${topics[index % topics.length] ?? 'notes'}.`,
    mimeType: 'text/markdown',
  })),
];

export const resourceTemplates: ResourceTemplate[] = [
  {
    uriTemplate: 'demo://inventory/{sku}',
    name: 'inventory-item',
    title: 'Inventory item by SKU',
    description: 'Stock information for any SKU, as JSON.',
    mimeType: 'application/json',
  },
];

export function readResource(uri: string): ReadResourceResult {
  if (uri === 'demo://readme') {
    return { contents: [{ uri, mimeType: 'text/markdown', text: '# Loupe demo server\n\nA real MCP server with many tools, pages and schema shapes.\n' }] };
  }
  if (uri === 'demo://config.json') {
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ pageSize: 40, region: 'eu-west', features: ['progress', 'logging'] }, null, 2) }] };
  }
  if (uri === 'demo://logo.png') return { contents: [{ uri, mimeType: 'image/png', blob: gradientPng(16, 16).toString('base64') }] };
  const note = /^demo:\/\/notes\/(\d{3})$/.exec(uri);
  if (note) {
    const index = Number(note[1]) - 1;
    if (index >= 0 && index < 57) return { contents: [{ uri, mimeType: 'text/markdown', text: noteText(index) }] };
  }
  const item = /^demo:\/\/inventory\/([^/]+)$/.exec(uri);
  if (item) {
    const sku = decodeURIComponent(item[1] ?? '');
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ sku, onHand: sku.length * 7, warehouse: 'north' }) }] };
  }
  throw new McpError(-32002, `Resource not found: ${uri}`, { uri });
}

