import { describe, expect, it } from 'vitest';
import { readSampleData } from '../src/sample-data/sample-data';

/** The problems of a sample data text, each with the text it marks. */
function problemsOf(text: string): { marked: string; message: string }[] {
  const reading = readSampleData(text);
  if (reading.ok) return [];
  return reading.problems.map((problem) => ({
    marked: text.slice(problem.from, problem.to),
    message: problem.message,
  }));
}

describe('sample data', () => {
  it('gives attributes as a request supplies them and the rest as a workspace holds it', () => {
    const reading = readSampleData(
      JSON.stringify({
        UserAttribute: { City: 'Berlin' },
        EventAttribute: { Product: 'Lamp' },
        ContentBlock: { footer: 'Bye' },
        ProductSet: { picks: [{ title: 'Desk' }] },
        ContentApi: { weather: { temp: 21 } },
      }),
    );
    expect(reading.ok && reading.data.input).toEqual({
      userAttributes: { City: 'Berlin' },
      eventAttributes: { Product: 'Lamp' },
    });
    expect(reading.ok && reading.data.store).toEqual({
      contentBlocks: { footer: 'Bye' },
      productSets: { picks: [{ title: 'Desk' }] },
      contentApis: { weather: { temp: 21 } },
    });
    expect(reading.ok && [...reading.data.names.UserAttribute]).toEqual(['City']);
  });

  it('empty text is no data', () => {
    const reading = readSampleData('  \n');
    expect(reading.ok && reading.data.input).toEqual({});
  });

  it('marks the JSON error where it is', () => {
    expect(problemsOf('{"UserAttribute": {"City": }}')).toEqual([
      { marked: '}', message: 'JSON: value expected' },
    ]);
    expect(problemsOf('{"UserAttribute": {},}')[0].message).toBe('JSON: property name expected');
  });

  it('marks an unknown data object, and values of the wrong kind, each at its value', () => {
    const text = '{"User": {}, "EventAttribute": [1], "ContentBlock": {"f": 1}, "ProductSet": {"p": {}}}';
    expect(problemsOf(text)).toEqual([
      {
        marked: '"User"',
        message:
          "unknown data object 'User': the sample data holds UserAttribute, EventAttribute, ContentBlock, ProductSet, ContentApi",
      },
      { marked: '[1]', message: 'EventAttribute must be an object of values by name' },
      { marked: '1', message: "ContentBlock['f'] must be a string (the block's template)" },
      { marked: '{}', message: "ProductSet['p'] must be a list of products" },
    ]);
  });

  it('a top level that is not an object is marked whole', () => {
    expect(problemsOf('[1, 2]')).toEqual([
      {
        marked: '[1, 2]',
        message:
          'the sample data must be an object with UserAttribute, EventAttribute, ContentBlock, ProductSet, ContentApi',
      },
    ]);
  });

  it('a key such as __proto__ stays an ordinary attribute', () => {
    const reading = readSampleData('{"UserAttribute": {"__proto__": {"polluted": 1}, "City": "Rome"}}');
    if (!reading.ok) throw new Error('should read');
    const attributes = reading.data.input.userAttributes ?? {};
    expect(Object.keys(attributes)).toEqual(['__proto__', 'City']);
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
