/** Shared by the lint tests: the findings fault.mjs --violations --no-control must draw. */
/** What the violating catalogue must draw, tool by tool: [code, tool name, position]. */
export const expectedViolations: [string, string | undefined, number][] = [
  ['name-empty', '', 1],
  ['name-too-long', 'a'.repeat(200), 2],
  ['name-charset', 'has space', 3],
  ['name-charset', 'ünïcode_tool', 4],
  ['input-schema-missing', 'no_schema', 7],
  ['input-schema-not-object', 'null_schema', 8],
  ['input-schema-not-object', 'string_schema', 9],
  ['input-schema-not-object', 'array_schema', 10],
  ['input-schema-invalid', 'invalid_schema', 11],
  ['output-schema-invalid', 'invalid_output', 12],
  ['description-missing', 'no_description', 13],
  ['description-missing', 'empty_description', 14],
  ['description-missing', 'blank_description', 15],
  ['annotations-untrusted', 'annotated_tool', 16],
  ['name-duplicate', 'dup_tool', 18],
  ['name-case-collision', 'casetool', 19],
];
