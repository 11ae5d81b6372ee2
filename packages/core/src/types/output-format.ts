/** Structured output: the final result must match a JSON Schema. */
export type OutputFormat = JsonSchemaOutputFormat;

/** A kind of structured output. */
export type OutputFormatType = 'json_schema';

/** Fields every output format has. */
export type BaseOutputFormat = {
  type: OutputFormatType;
};

/** Structured output validated against a JSON Schema. */
export type JsonSchemaOutputFormat = {
  type: 'json_schema';
  schema: Record<string, unknown>;
};
