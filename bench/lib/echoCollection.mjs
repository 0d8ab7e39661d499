// The collection the collection bench and its investigations run: `calls` tools/call steps of the demo server's echo
// tool, each with two assertions (isError false, the JSON text equal to what was sent).
export function echoCollectionText(calls, name = 'bench') {
  const steps = Array.from({ length: calls }, (_, index) => ({
    name: `echo ${index}`,
    method: 'tools/call',
    tool: 'echo',
    arguments: { message: `m${index}` },
    expect: { isError: false, jsonText: { equals: { message: `m${index}` } } },
  }));
  return JSON.stringify({ format: 'loupe.collection/1', name, steps });
}
