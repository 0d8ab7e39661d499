import { describe, expect, it } from 'vitest';
import { namingConvention, summarizeTools } from '../../../src/core/lint/summarizeTools.js';
import { numberedTools, violatingTools } from '../../servers/catalog.mjs';

describe('namingConvention', () => {
  it('sorts names the way the reference table does', () => {
    expect(namingConvention('get_weather')).toBe('snake_case');
    expect(namingConvention('tool_0001')).toBe('snake_case');
    expect(namingConvention('get-weather')).toBe('kebab-case');
    expect(namingConvention('getWeather')).toBe('camelCase');
    expect(namingConvention('search')).toBe('other');
    expect(namingConvention('GetWeather')).toBe('other');
    expect(namingConvention('has space')).toBe('other');
    expect(namingConvention('')).toBe('other');
  });
});

describe('summarizeTools', () => {
  it('counts fields, conventions and name lengths over the numbered catalogue', () => {
    const summary = summarizeTools(numberedTools(20));
    expect(summary).toEqual({
      toolCount: 20,
      fields: {
        name: 20,
        inputSchema: 20,
        annotations: 4,
        description: 20,
        title: 4,
        outputSchema: 4,
        icons: 4,
        'execution.taskSupport': 4,
      },
      naming: { snake_case: 20, 'kebab-case': 0, camelCase: 0, other: 0 },
      nameLength: { min: 9, median: 9, max: 9 },
    });
  });

  it('counts only non-blank descriptions and non-null schemas, and takes the median of an even count', () => {
    const summary = summarizeTools(violatingTools());
    expect(summary.toolCount).toBe(20);
    expect(summary.fields.name).toBe(20);
    // no_schema has none; null_schema's null is not a schema.
    expect(summary.fields.inputSchema).toBe(18);
    // no_description, empty_description and blank_description.
    expect(summary.fields.description).toBe(17);
    expect(summary.fields.annotations).toBe(1);
    expect(summary.fields.outputSchema).toBe(1);
    expect(summary.naming).toEqual({ snake_case: 14, 'kebab-case': 0, camelCase: 0, other: 6 });
    expect(summary.nameLength).toEqual({ min: 0, median: 11.5, max: 200 });
  });

  it('has no name lengths for an empty list', () => {
    expect(summarizeTools([]).nameLength).toBeNull();
    expect(summarizeTools([{ name: 'getUser', inputSchema: {} }, { name: 'x', inputSchema: {} }, { name: 'abc' }])).toMatchObject({
      naming: { camelCase: 1, other: 2 },
      nameLength: { min: 1, median: 3, max: 7 },
    });
  });
});
