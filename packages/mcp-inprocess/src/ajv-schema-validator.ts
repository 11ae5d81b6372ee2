import type { Ajv, ValidateFunction } from 'ajv';
import type { JsonSchema, JsonSchemaValidateFunction, JsonSchemaValidator } from './json-schema-validator.js';
import { formatIssues, issuesFromAjv } from './validation-issues.js';

/**
 * Ajv keeps every validator it compiles for as long as it lives (in its code scope; `removeSchema`
 * does not release them), so one Ajv for the whole process grew by ~5 KB for each JSON Schema tool
 * definition ever compiled: a leak in a program that builds a `createSdkMcpServer` config per
 * request. The Ajv is therefore replaced after this many compilations; validators already handed
 * out keep working, and an old Ajv is collected once none of its validators is referenced.
 */
const MAX_COMPILATIONS_PER_AJV = 64;

/**
 * The default {@link JsonSchemaValidator}: ajv (draft-07, every error reported, unknown keywords
 * allowed), with errors written as `a: expected number, got string; b: is required`, the same
 * wording as zod tools get. Made by `loadAjvSchemaValidator` once ajv is loaded.
 */
export class AjvSchemaValidator implements JsonSchemaValidator {
  private readonly AjvClass: typeof Ajv;
  private ajv: Ajv | undefined;
  private compilations = 0;

  constructor(AjvClass: typeof Ajv) {
    this.AjvClass = AjvClass;
  }

  getValidator<T>(schema: JsonSchema): JsonSchemaValidateFunction<T> {
    const validate = this.compile(schema);
    return (input) => {
      if (validate(input)) return { valid: true, data: input as T, errorMessage: undefined };
      return { valid: false, data: undefined, errorMessage: formatIssues(issuesFromAjv(validate.errors ?? [], input)) };
    };
  }

  private compile(schema: JsonSchema): ValidateFunction {
    if (this.ajv === undefined || this.compilations >= MAX_COMPILATIONS_PER_AJV) {
      this.ajv = new this.AjvClass({ allErrors: true, strict: false });
      this.compilations = 0;
    }
    this.compilations += 1;
    return this.ajv.compile(schema);
  }
}

let defaultValidator: Promise<JsonSchemaValidator> | undefined;

/** The default validator of the process, ajv loaded for it the first time (see docs/performance.md#lazy-loading). */
export function loadAjvSchemaValidator(): Promise<JsonSchemaValidator> {
  defaultValidator ??= import('ajv').then(
    (module) => new AjvSchemaValidator(module.Ajv),
    (error: unknown) => {
      defaultValidator = undefined;
      throw error;
    },
  );
  return defaultValidator;
}
