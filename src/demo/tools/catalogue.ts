/** The business domains the demo's many everyday tools are generated from. */

export interface FieldSpec {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean';
  description: string;
  format?: 'date' | 'date-time' | 'email' | 'uri';
  enum?: string[];
}

export interface Entity {
  domain: string;
  singular: string;
  plural: string;
  /** A short human description of one item. */
  noun: string;
  fields: FieldSpec[];
}

const s = (name: string, description: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type: 'string', description, ...extra });
const n = (name: string, description: string): FieldSpec => ({ name, type: 'number', description });
const i = (name: string, description: string): FieldSpec => ({ name, type: 'integer', description });
const b = (name: string, description: string): FieldSpec => ({ name, type: 'boolean', description });

export const entities: Entity[] = [
  { domain: 'crm', singular: 'contact', plural: 'contacts', noun: 'a person in the address book', fields: [s('full_name', 'Full name'), s('email', 'Email address', { format: 'email' }), s('company', 'Company name')] },
  { domain: 'crm', singular: 'deal', plural: 'deals', noun: 'a sales opportunity', fields: [s('title', 'Deal title'), n('amount', 'Value in EUR'), s('stage', 'Pipeline stage', { enum: ['lead', 'qualified', 'proposal', 'won', 'lost'] })] },
  { domain: 'billing', singular: 'invoice', plural: 'invoices', noun: 'a customer invoice', fields: [s('customer_id', 'Customer identifier'), n('total', 'Total including VAT'), s('due_date', 'Payment due date', { format: 'date' })] },
  { domain: 'billing', singular: 'subscription', plural: 'subscriptions', noun: 'a recurring plan', fields: [s('plan', 'Plan name', { enum: ['free', 'team', 'business', 'enterprise'] }), i('seats', 'Number of seats'), b('auto_renew', 'Renew automatically')] },
  { domain: 'inventory', singular: 'product', plural: 'products', noun: 'a catalogue item', fields: [s('sku', 'Stock keeping unit'), s('name', 'Product name'), n('price', 'Unit price in EUR')] },
  { domain: 'inventory', singular: 'warehouse', plural: 'warehouses', noun: 'a storage location', fields: [s('code', 'Warehouse code'), s('city', 'City'), i('capacity', 'Capacity in pallets')] },
  { domain: 'calendar', singular: 'event', plural: 'events', noun: 'a calendar event', fields: [s('summary', 'Event summary'), s('starts_at', 'Start time', { format: 'date-time' }), s('location', 'Location')] },
  { domain: 'calendar', singular: 'room', plural: 'rooms', noun: 'a bookable meeting room', fields: [s('name', 'Room name'), i('seats', 'Seats'), b('has_video', 'Has video conferencing')] },
  { domain: 'support', singular: 'ticket', plural: 'tickets', noun: 'a support request', fields: [s('subject', 'Subject line'), s('priority', 'Priority', { enum: ['low', 'normal', 'high', 'urgent'] }), s('requester', 'Requester email', { format: 'email' })] },
  { domain: 'support', singular: 'article', plural: 'articles', noun: 'a help-centre article', fields: [s('title', 'Article title'), s('locale', 'Language tag'), b('published', 'Visible to customers')] },
  { domain: 'repo', singular: 'issue', plural: 'issues', noun: 'an issue in a code repository', fields: [s('repository', 'owner/name'), s('title', 'Issue title'), s('state', 'State', { enum: ['open', 'closed'] })] },
  { domain: 'repo', singular: 'pull_request', plural: 'pull_requests', noun: 'a proposed change', fields: [s('repository', 'owner/name'), s('head', 'Source branch'), s('base', 'Target branch')] },
  { domain: 'files', singular: 'document', plural: 'documents', noun: 'a stored document', fields: [s('path', 'Folder path'), s('mime_type', 'Media type'), i('size_bytes', 'Size in bytes')] },
  { domain: 'files', singular: 'share_link', plural: 'share_links', noun: 'a public link to a document', fields: [s('document_id', 'Document identifier'), s('expires_at', 'Expiry', { format: 'date-time' }), b('allow_download', 'Allow download')] },
  { domain: 'analytics', singular: 'dashboard', plural: 'dashboards', noun: 'a metrics dashboard', fields: [s('title', 'Dashboard title'), s('owner', 'Owner email', { format: 'email' }), i('refresh_seconds', 'Refresh interval')] },
  { domain: 'analytics', singular: 'report', plural: 'reports', noun: 'a scheduled report', fields: [s('name', 'Report name'), s('schedule', 'Schedule', { enum: ['daily', 'weekly', 'monthly'] }), s('recipient', 'Recipient email', { format: 'email' })] },
  { domain: 'hr', singular: 'employee', plural: 'employees', noun: 'a member of staff', fields: [s('full_name', 'Full name'), s('department', 'Department'), s('start_date', 'Start date', { format: 'date' })] },
  { domain: 'hr', singular: 'leave_request', plural: 'leave_requests', noun: 'a request for time off', fields: [s('employee_id', 'Employee identifier'), s('from', 'First day', { format: 'date' }), s('to', 'Last day', { format: 'date' })] },
];

export const verbs = ['list', 'get', 'create', 'update', 'delete', 'search', 'export', 'count'] as const;
export type Verb = (typeof verbs)[number];
