import { z } from 'zod';
import { normalizeName } from '../names.js';

/**
 * What the model is asked to answer for a chunk, as a zod schema: the same schema is sent as
 * the request's JSON schema (structured output) and checks the answer. The answer is untrusted:
 * it must be JSON with the two lists, and each item that is not of the allowed shape is dropped
 * (labels and types are identifiers; a relation's ends are among the chunk's entities).
 */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const TYPE = /^[A-Z_][A-Z0-9_]{0,63}$/;

const Name = z.string().min(1).max(200);
const ModelEntity = z.object({ name: Name, label: z.string().regex(IDENTIFIER) });
const ModelRelation = z.object({ from: Name, type: z.string().min(1).max(64), to: Name, role: z.string().max(100).nullable() });
const ModelAnswer = z.object({ entities: z.array(ModelEntity), relations: z.array(ModelRelation) });

/** Keywords some strict structured-output servers refuse: the answer is checked against them here instead. */
const CHECKED_HERE = ['minLength', 'maxLength', 'pattern'];

/** The request's `response_format`: strict structured output (every field required, nothing else allowed). */
export const ANSWER_FORMAT = (() => {
  const json = z.toJSONSchema(ModelAnswer, {
    override: (ctx) => {
      for (const keyword of CHECKED_HERE) delete ctx.jsonSchema[keyword];
    },
  });
  const { $schema: _ignored, ...schema } = json as Record<string, unknown>;
  return { type: 'json_schema' as const, json_schema: { name: 'document_facts', strict: true, schema } };
})();

export interface AnswerEntity {
  name: string;
  label: string;
}

export interface AnswerRelation {
  from: AnswerEntity;
  type: string;
  to: AnswerEntity;
  role?: string;
}

export type ReadAnswer =
  | { ok: true; entities: AnswerEntity[]; relations: AnswerRelation[]; dropped: number }
  | { ok: false; reason: 'json' | 'shape' };

/** The lists an answer must have; their items are checked one by one. */
const Envelope = z.object({ entities: z.array(z.unknown()), relations: z.array(z.unknown()) });

/**
 * The answer's facts, or why there are none. `labels` are the graph's: a label written in
 * another case becomes the graph's spelling ("person" → "Person").
 */
export function readAnswer(options: { content: string; labels: string[] }): ReadAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced(options.content));
  } catch {
    return { ok: false, reason: 'json' };
  }
  const envelope = Envelope.safeParse(parsed);
  if (!envelope.success) return { ok: false, reason: 'shape' };
  const known = new Map(options.labels.map((l) => [l.toLowerCase(), l]));
  let dropped = 0;

  const byName = new Map<string, AnswerEntity>();
  for (const item of envelope.data.entities) {
    const entity = ModelEntity.safeParse(item);
    const name = entity.success ? entity.data.name.trim().replace(/\s+/g, ' ') : '';
    const key = normalizeName(name);
    if (!entity.success || key === '') {
      dropped++;
      continue;
    }
    const label = known.get(entity.data.label.toLowerCase()) ?? entity.data.label;
    if (!byName.has(key)) byName.set(key, { name, label });
  }

  const relations: AnswerRelation[] = [];
  for (const item of envelope.data.relations) {
    // A missing role is no role; everything else must be as the schema says.
    const relation = ModelRelation.safeParse(item && typeof item === 'object' ? { role: null, ...item } : item);
    const type = relation.success ? relationType(relation.data.type) : undefined;
    const from = relation.success ? byName.get(normalizeName(relation.data.from)) : undefined;
    const to = relation.success ? byName.get(normalizeName(relation.data.to)) : undefined;
    if (!relation.success || !type || !from || !to || from === to) {
      dropped++;
      continue;
    }
    const role = relation.data.role?.trim();
    relations.push({ from, type, to, ...(role ? { role } : {}) });
  }
  return { ok: true, entities: [...byName.values()], relations, dropped };
}

/** Some servers fence JSON in Markdown even when asked for structured output: the fence goes. */
function unfenced(content: string): string {
  const text = content.trim();
  if (!text.startsWith('```')) return text;
  const body = text.slice(text.indexOf('\n') + 1);
  return body.endsWith('```') ? body.slice(0, -3) : body;
}

/** "works at", "worksAt", "works-at" → WORKS_AT; anything else than letters, digits, spaces, `_` and `-` is refused. */
function relationType(written: string): string | undefined {
  const text = written.trim();
  if (!/^[A-Za-z][A-Za-z0-9_ -]*$/.test(text)) return undefined;
  const type = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toUpperCase();
  return TYPE.test(type) ? type : undefined;
}
