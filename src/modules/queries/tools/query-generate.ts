import { DomainError } from '../../../platform/domain-error.js';
import { ModelQueryError, ModelUnavailableError } from '../../../engine/llm/query-writer.js';
import type { Plan, PlanDescription, ResolvedEntity } from '../../../planner/plan.js';
import { askIfMany, describeReading, readQuestion } from '../../../planner/read-question.js';
import { fingerprintCypher } from '../../../cypher/fingerprint.js';
import type { Lexicon } from '../../../planner/link/lexicon.js';
import type { Understanding } from '../../../planner/resolve/understand.js';
import { tokenize, wordKey } from '../../../planner/read/words.js';
import { queryGenerate } from '../../../engine/tools/contracts/queries.js';
import { QueryParametersSchema } from '../../../engine/tools/query-parameters.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { GraphStore } from '../../../stores/graph/port.js';
import type { QueryService } from '../service.js';
import type { TemplateService } from '../templates.js';

/** How much a disagreement between the model's query and the planner's lowers the confidence curators see. */
export const MODEL_DISAGREEMENT_FACTOR = 0.5;

/** Approved templates offered to a model as examples, the closest to the question first. */
const EXAMPLES = 5;
/** Templates considered for the examples (the most reused). */
const EXAMPLE_POOL = 50;

const stems = (text: string) => new Set(tokenize(text).map((t) => wordKey(t.word)));

async function examplesFor(question: string, queries: Pick<QueryService, 'listTemplates'>) {
  const page = await queries.listTemplates({ limit: EXAMPLE_POOL, sort: 'reuse_count' });
  const wanted = stems(question);
  return page.items
    .filter((q) => q.template)
    .map((q) => {
      const words = stems(q.question);
      const shared = [...words].filter((w) => wanted.has(w)).length;
      return { question: q.question, cypher: q.template!.cypher, score: shared / (words.size + wanted.size - shared || 1) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, EXAMPLES)
    .map(({ question: q, cypher }) => ({ question: q, cypher }));
}

/**
 * Writes a new read-only query for a question: a configured model when there is one (given
 * the schema, similar templates and the session's memories, with its invalid attempts sent
 * back with the error), the built-in planner otherwise or when the model cannot be reached.
 */
export function queryGenerateTool({ queries, templates }: { queries: QueryService; templates: TemplateService }) {
  return defineTool({
    ...queryGenerate,
    readOnly: true,
    description:
      'Writes a new read-only Cypher query for a question from the graph’s own schema: with a language model when one is ' +
      'configured (LLM_BASE_URL, LLM_MODEL), otherwise with the built-in planner. Says why when no query can be written. ' +
      'Names the approved template of the same Cypher shape, if any, with the query’s values as its parameters.',
    timeoutMs: 120_000,
    async run({ understanding, entities: resolved, memories, chosen }, context) {
      const { schema, lexicon } = await context.schema.get();
      const { question } = understanding;
      const planned = await planQuestion(understanding, resolved, lexicon, chosen, context.graph);
      const description: PlanDescription = planned.ok
        ? planned.description
        : { kind: understanding.kind, entities: resolved.map((e) => ({ name: e.name, label: e.label })) };
      // A question the graph cannot answer, or an instruction to change it, is refused before any model is asked.
      if (!planned.ok && planned.scope) {
        return { ok: false, generator: 'planner' as const, reason: planned.reason, scope: planned.scope, known_labels: lexicon.labels.map((l) => l.label) };
      }
      let note: string | undefined;
      if (context.model) {
        try {
          const written = await context.model.write(
            { question, schema, examples: await examplesFor(question, queries), memories },
            async (cypher) => {
              try {
                await context.graph.validate(cypher);
                return { ok: true };
              } catch (error) {
                if (error instanceof DomainError && error.category === 'refused') return { ok: false, error: `${error.title}: ${error.message}` };
                throw error;
              }
            },
            context.signal,
          );
          // The model's query answers. Where the planner read the question too, the two are compared: the planner's
          // meaning says the sentence when they agree; a disagreement lowers the confidence curators see.
          const agrees = planned.ok ? fingerprintCypher(planned.cypher).fingerprint === fingerprintCypher(written.cypher).fingerprint : undefined;
          const compared: PlanDescription =
            agrees === undefined
              ? description
              : agrees
                ? { ...description, modelAgreement: 'same' }
                : { ...description, meaning: undefined, countCypher: undefined, keysCypher: undefined, modelAgreement: 'different', confidence: Math.round((description.confidence ?? 1) * MODEL_DISAGREEMENT_FACTOR * 100) / 100 };
          return {
            ok: true,
            cypher: written.cypher,
            description: compared,
            generator: 'model' as const,
            attempts: written.attempts,
            template: await sameShape(written.cypher, templates),
          };
        } catch (error) {
          if (error instanceof ModelQueryError) {
            return { ok: false, generator: 'model' as const, attempts: error.attempts, reason: `the model wrote no valid query in ${error.attempts} attempts: ${error.lastError}` };
          }
          if (!(error instanceof ModelUnavailableError)) throw error;
          note = `the model could not be reached (${error.message}); the built-in planner wrote the query`;
        }
      }
      if (!planned.ok) return { ok: false, generator: 'planner' as const, reason: planned.reason, note, ...(planned.choices ? { choices: planned.choices } : {}) };
      return { ok: true, cypher: planned.cypher, description: planned.description, generator: 'planner' as const, note, template: await sameShape(planned.cypher, templates) };
    },
  });
}
/**
 * The question's reading (words linked to the schema, a meaning, Cypher), or why there is none:
 * words the graph knows nothing of (out of scope), an instruction to change it, a reading
 * too unsure to run (what was understood and what could not be placed), or readings to choose
 * from (`graph` tells whether more things match than "the top 5" shows, or several "rack 1").
 */
async function planQuestion(understood: Understanding, resolved: ResolvedEntity[], lexicon: Lexicon, chosen: string[], graph: Pick<GraphStore, 'runReadOnly'>): Promise<Plan> {
  const reading = await askIfMany(readQuestion(understood, lexicon, resolved, chosen), graph);
  if (reading.ok) return { ok: true, cypher: reading.cypher, description: describeReading(reading, resolved) };
  return { ok: false, reason: reading.reason, ...(reading.scope ? { scope: reading.scope } : {}), ...(reading.choices ? { choices: reading.choices } : {}) };
}

/** The approved template of `cypher`'s shape with its values (here, not in a tool call of its own: it is on every question's path). */
async function sameShape(cypher: string, templates: Pick<TemplateService, 'matchShape'>) {
  const shape = await templates.matchShape(cypher);
  return shape.matched ? { template_id: shape.template_id!, cypher: shape.cypher!, parameters: QueryParametersSchema.parse(shape.parameters) } : undefined;
}
