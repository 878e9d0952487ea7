import type { OpenAPIV3_1 } from 'openapi-types';

/** Reading the service's own OpenAPI document in tests: schemas behind their `$ref`, and bodies built from them. */
export function openApiSchemas(document: () => OpenAPIV3_1.Document) {
  /** The schema itself, or the component a `$ref` names. */
  const resolve = (schema: unknown): OpenAPIV3_1.SchemaObject => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    if (!ref) return (schema ?? {}) as OpenAPIV3_1.SchemaObject;
    return document().components!.schemas![ref.split('/').at(-1)!] as OpenAPIV3_1.SchemaObject;
  };

  /** What Swagger UI pre-fills: each property's example (required ones at least), recursively. */
  function sample(schema: unknown): unknown {
    const s = resolve(schema) as OpenAPIV3_1.SchemaObject & { example?: unknown };
    if (s.example !== undefined) return s.example;
    if (s.default !== undefined) return s.default;
    const variant = (s.anyOf ?? s.oneOf)?.[0];
    if (variant) return sample(variant);
    if (s.type === 'object' || s.properties) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || (resolve(child) as { example?: unknown }).example !== undefined) out[key] = sample(child);
      }
      return out;
    }
    if (s.type === 'array') return [];
    if (s.type === 'integer' || s.type === 'number') return 1;
    if (s.type === 'boolean') return false;
    return 'string';
  }

  return { resolve, sample };
}
