// The bench server's tool objects, shared with the benches that need to name a tool.

const verbs = ['search', 'read', 'write', 'list', 'delete', 'create', 'update', 'move', 'copy', 'inspect'];
const nouns = ['files', 'issues', 'records', 'messages', 'events', 'images', 'users', 'tickets', 'notes', 'tables'];
const words = 'the given item from the connected workspace and returns a summary with links and metadata for review'.split(' ');

/** A realistic tool object, about 400–600 bytes, with no digits outside its name (the filter bench relies on it). */
export function tool(index) {
  const verb = verbs[index % verbs.length];
  const noun = nouns[Math.floor(index / verbs.length) % nouns.length];
  const padded = String(index).padStart(5, '0');
  const sentence = words.slice(0, 8 + (index % 9)).join(' ');
  const readOnly = verb === 'search' || verb === 'read' || verb === 'list' || verb === 'inspect';
  return {
    name: `tool_${padded}_${verb}_${noun}`,
    title: `${verb[0].toUpperCase()}${verb.slice(1)} ${noun}`,
    description: `${verb[0].toUpperCase()}${verb.slice(1)} ${noun}: ${sentence}.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: `What to ${verb} among the ${noun}` },
        limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Most results to return' },
        ...(index % 3 === 0 ? { mode: { type: 'string', enum: ['fast', 'exact', 'fuzzy'] } } : {}),
      },
      required: ['query'],
    },
    annotations: { readOnlyHint: readOnly, destructiveHint: verb === 'delete', openWorldHint: index % 2 === 0 },
  };
}

/** The name of tool number index. */
export const toolName = (index) => tool(index).name;
