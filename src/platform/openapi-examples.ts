import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * Makes the generated document read well in Swagger UI and ReDoc: component schemas without the
 * `$schema`/`$id` keys zod writes (Swagger UI then shows `any $ref=…` and `"string"` examples),
 * without JavaScript's safe-integer bounds as limits, and with a realistic example for every
 * property and parameter that has none, chosen by its name, format or type. "Try it out" then
 * sends something the operation accepts.
 */

const UUIDS: Readonly<Record<string, string>> = {
  session_id: '0f9a4c3e-7b1d-4e58-9c2a-5d8e6f1a2b3c',
  run_id: '6b2f8e14-3c5a-4d97-8e1f-2a4b6c8d0e12',
  message_id: '9d3e5f71-2a4b-4c6d-8e0f-1a2b3c4d5e6f',
  doc_id: 'c4a1e8b2-5d6f-4a3b-9c8d-7e6f5a4b3c2d',
  review_id: 'a7c9e1f3-4b5d-4e6f-8a0b-2c4d6e8f0a1b',
  memory_id: 'e2d4f6a8-1b3c-4d5e-9f7a-3b5c7d9e1f2a',
};
const DEFAULT_UUID = '5b7c9d1e-3f5a-4b7c-9d1e-3f5a7b9c1d3e';

/** Examples by property or parameter name. */
const BY_NAME: Readonly<Record<string, unknown>> = {
  cypher: "MATCH (c:Company {name: 'Nimbus Labs'})<-[:WORKS_AT]-(p:Person) RETURN p.name AS name ORDER BY name",
  question: 'Who works at Nimbus Labs?',
  content: 'Who works at Nimbus Labs?',
  reason: 'It counts a person twice when they hold two roles.',
  comment: 'Checked against the company page: right.',
  title: 'Hiring at Nimbus Labs',
  choice: 'company:mercury',
  name: 'Nimbus Labs',
  q: 'Nimbus',
  label: 'Company',
  path: 'answer.csv',
  tool_name: 'graph_schema',
  workflow: 'graph_report',
  workflow_id: 'graph_report',
  created_by: 'alice',
  updated_by: 'carol',
  question_normalized: 'who works at nimbus labs',
  fingerprint: '3f0c2a9e5b7d41c68e2f9a0b1c4d7e6f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d',
  reviewer: 'rita',
  limit: 20,
  id: 1,
  since: '2026-11-01T00:00:00Z',
  until: '2026-12-01T00:00:00Z',
};

/**
 * Whole request bodies by operationId, which Swagger UI pre-fills instead of one it makes up
 * from the schema (`"string"`, `additionalProp1`, random names matching a pattern). Each does
 * something sensible and harmless when executed as is on the demo data: it names what exists or
 * answers 404, stores no placeholder, and leaves out optional fields that would do more.
 */
const BODIES: Readonly<Record<string, unknown>> = {
  testCypher: {
    cypher: 'MATCH (c:Company {name: $company})<-[:WORKS_AT]-(p:Person) RETURN p.name AS name ORDER BY name',
    parameters: { company: 'Nimbus Labs' },
  },
  rejectQuery: { reason: 'It counts a person twice when they hold two roles.' },
  amendQuery: {
    cypher: "MATCH (c:Company {name: 'Nimbus Labs'})<-[:WORKS_AT]-(p:Person) RETURN p.name AS name ORDER BY name",
    question: 'Who works at Nimbus Labs?',
    parameters: ['company'],
  },
  createSynonym: { word: 'staff member', stands_for: 'Person' },
  createChatSession: { title: 'Hiring at Nimbus Labs', metadata: { client: 'swagger-ui' } },
  executeWorkflow: { workflow: 'graph_report', input: {} },
  answerRun: { answer: 'company:mercury' },
  sendChatMessage: { content: 'Who works at Nimbus Labs?' },
  disambiguateChat: { choice: 'company:mercury' },
  reviewChat: { review_id: UUIDS.review_id, decision: 'approve', comment: 'Reads only what the question asks.' },
  approveReview: { review_id: UUIDS.review_id, comment: 'Reads only what the question asks.' },
  rejectReview: { review_id: UUIDS.review_id, reason: 'It lists every person, not only those at Nimbus Labs.' },
  approveDocument: { reason: 'A public company page: fine to ingest.' },
  changeDocumentStatus: { status: 'approved', reason: 'A public company page: fine to ingest.' },
};

type Schema = OpenAPIV3_1.SchemaObject & Record<string, unknown>;

/**
 * Fields a form shows empty: any value would act on something (`replaces` a document of that
 * id). Their example is the empty string, which the service reads as absent; without one
 * Swagger UI makes up a value from the format (the nil UUID).
 */
const LEFT_EMPTY = new Set(['replaces']);

function exampleFor(name: string, schema: Schema): unknown {
  if (LEFT_EMPTY.has(name)) return '';
  if (schema.example !== undefined || schema.examples !== undefined || schema.default !== undefined) return undefined;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  // A nullable string is `type: ['string', 'null']`.
  const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (schema.format === 'uuid' || (isString && /(^|_)id$/.test(name) && name !== 'id')) return UUIDS[name] ?? DEFAULT_UUID;
  if (isString && /_at$/.test(name)) return '2026-11-24T09:30:00Z';
  if (name in BY_NAME) {
    const value = BY_NAME[name];
    if ((schema.type === 'integer' || schema.type === 'number') === (typeof value === 'number')) return value;
  }
  if (schema.format === 'date-time') return '2026-11-24T09:30:00Z';
  if (schema.type === 'integer' || schema.type === 'number') return typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 1;
  return undefined;
}

const SAFE_INTEGER = 9007199254740991;

/** Walks a schema: strips zod's keys and safe-integer bounds, adds examples to named properties. */
function tidy(schema: unknown, name = ''): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  delete s.$schema;
  delete s.$id;
  if (s.minimum === -SAFE_INTEGER) delete s.minimum;
  if (s.maximum === SAFE_INTEGER) delete s.maximum;
  if (name) {
    const example = exampleFor(name, s);
    if (example !== undefined) s.example = example;
  }
  for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) tidy(child, key);
  if (s.items) tidy(s.items, name);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const child of (s[key] as unknown[] | undefined) ?? []) tidy(child, name);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') tidy(s.additionalProperties);
}

export function tidyForReaders(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const schema of Object.values(document.components?.schemas ?? {})) tidy(schema);
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const op = operation as OpenAPIV3_1.OperationObject;
      for (const parameter of (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        tidy(parameter.schema);
        const example = parameter.schema ? exampleFor(parameter.name, parameter.schema as Schema) : undefined;
        if (example === undefined || parameter.example !== undefined) continue;
        // Swagger UI sends an optional filter's example with "Try it out": a list would then show only what
        // matches it (often nothing). Readers still see one, in its description.
        if (parameter.in === 'query' && !parameter.required) parameter.description = `${parameter.description ?? ''} Example: \`${String(example)}\`.`.trim();
        else parameter.example = example;
      }
      const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {};
      for (const media of Object.values(body)) tidy(media.schema);
      const json = body['application/json'];
      if (json && op.operationId && BODIES[op.operationId] !== undefined) json.example = BODIES[op.operationId];
      for (const response of Object.values(op.responses ?? {})) {
        for (const media of Object.values((response as OpenAPIV3_1.ResponseObject).content ?? {})) tidy(media.schema);
      }
    }
  }
  return document;
}
