// fast-check generators read off the document's JSON Schemas: values the schema allows (as far as a
// generator can tell: refinements it cannot see still get refused), and anything at all beside them.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const DAY_MS = 86_400_000;
const someDate = fc
  .integer({ min: Date.UTC(1950, 0, 1) / DAY_MS, max: Date.UTC(2030, 11, 31) / DAY_MS })
  .map((day) => new Date(day * DAY_MS + 3_600_000));

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  date: someDate.map((date) => date.toISOString().slice(0, 10)),
  'date-time': someDate.map((date) => date.toISOString()),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
};

function textOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  const formatted = schema.format ? FORMATS[schema.format] : undefined;
  if (formatted) return formatted.filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const patterns = (schema.allOf ?? []).flatMap(({ pattern }) => (pattern ? [pattern] : []));
  if (patterns.length > 0) {
    // Unanchored patterns (a password's "an uppercase letter"): one match of each, side by side.
    const parts = patterns.map((pattern) => fc.stringMatching(new RegExp(pattern), { size: 'xsmall' }));
    return fc
      .tuple(fc.string({ minLength, maxLength: minLength + 4 }), ...parts)
      .map((pieces) => pieces.join(''))
      .filter(fits);
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 30) });
}

/** Values `schema` allows, where a generator can see the rule. */
export function allowedBy(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.anyOf) {
    const { anyOf, ...shared } = schema;
    return fc.oneof(...anyOf.map((option) => allowedBy({ ...shared, ...option })));
  }
  switch (schema.type) {
    case 'string':
      return textOf(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(allowedBy(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, allowedBy(property)])),
        { requiredKeys: schema.required ?? [] },
      );
    }
    default:
      return fc.jsonValue();
  }
}

/** Mostly values `schema` allows, sometimes anything JSON can hold. */
export function around(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: allowedBy(schema) }, { weight: 1, arbitrary: fc.jsonValue() });
}

/** A path segment or query value: what the schema allows, or any text. */
export function textAround(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: allowedBy(schema).map(String) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );
}
