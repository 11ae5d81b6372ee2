import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import * as z3 from 'zod/v3';
import { inputSchemaKind, isZodSchema } from './input-schema-kind.js';

const jsonType = fc.constantFrom('string', 'number', 'integer', 'boolean', 'array', 'object', 'null');
const propertySchema = fc.oneof(
  fc.record({ type: jsonType }),
  fc.record({ type: jsonType, description: fc.string() }),
  fc.record({ enum: fc.array(fc.string(), { minLength: 1 }) }),
  fc.boolean(),
  fc.record({ type: fc.constant('object'), properties: fc.dictionary(fc.string(), fc.record({ type: jsonType })) }),
);
const jsonSchemaObject = fc.record(
  {
    $schema: fc.constant('http://json-schema.org/draft-07/schema#'),
    type: fc.constant('object'),
    properties: fc.dictionary(fc.string(), propertySchema),
    required: fc.array(fc.string()),
    additionalProperties: fc.boolean(),
  },
  { requiredKeys: ['properties'] },
);
const zodSchema = fc.constantFrom<unknown>(
  z.number(),
  z.string().optional(),
  z.object({ type: z.literal('object') }),
  zm.string(),
  z3.z.number(),
  z3.z.object({ properties: z3.z.string() }),
);

describe('inputSchemaKind()', () => {
  it('recognises any JSON Schema object as JSON Schema', () => {
    fc.assert(fc.property(jsonSchemaObject, (schema) => inputSchemaKind(schema).kind === 'json-schema'));
  });

  it('recognises any zod raw shape as zod, whatever its keys (type, properties, required...)', () => {
    const keys = fc.oneof(fc.constantFrom('type', 'properties', 'required', '$schema', 'a'), fc.string());
    fc.assert(
      fc.property(fc.dictionary(keys, zodSchema, { minKeys: 1 }), (shape) => inputSchemaKind(shape).kind === 'zod'),
    );
  });

  it('treats {} as a JSON Schema without arguments', () => {
    expect(inputSchemaKind({})).toEqual({ kind: 'json-schema' });
  });

  it('detects zod schemas of v3, v4 classic and v4 mini without loading zod', () => {
    expect(isZodSchema(z.number())).toBe(true);
    expect(isZodSchema(zm.number())).toBe(true);
    expect(isZodSchema(z3.z.number())).toBe(true);
    expect(isZodSchema({ type: 'number' })).toBe(false);
    expect(isZodSchema({ _def: {} })).toBe(false);
    expect(isZodSchema(null)).toBe(false);
  });
});
