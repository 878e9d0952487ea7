import { choosesJoin } from '../../../planner/interpret/interpret-joins.js';
import { labelWord } from '../../../planner/answer/phrases.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { memoryRecall } from '../../tools/contracts/memories.js';
import { queryGenerate } from '../../tools/contracts/queries.js';
import { haltOf, queryOf, resolvedOf, skip, understandingOf, NONE_OF_THESE } from './outputs.js';
import type { Halt, Query } from './outputs.js';

/** Most choices between readings one question asks for. */
const READING_CHOICES_MAX = 3;
/** Labels as words a reader expects: "cities, companies and people". */
function listOfWords(labels: string[]): string {
  const words = labels.map((label) => labelWord(label, 2));
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export const generateNode: WorkflowNode<AskInput> = {
  id: 'generate',
  description:
    'Writes a new read-only query from the question and the graph’s own schema (a model when configured, the built-in ' +
    'planner otherwise); an approved template of the same Cypher shape is reused instead. When the question leaves ' +
    'readings open (two ways of joining what it names, what “top” ranks by, how lists are counted), asks which one is ' +
    'meant, with “none of these”.',
  tools: [queryGenerate, memoryRecall],
  replayable: true,
  async run({ tool, input, outputs, emit, ask }) {
    if (haltOf(outputs) || queryOf(outputs)) return skip;
    const understanding = understandingOf(outputs);
    // Recalled by the resolve step when they decided something there; otherwise now.
    const resolved = resolvedOf(outputs);
    const entities = resolved?.entities ?? [];
    const memories = resolved?.memories ?? (await tool(memoryRecall, {})).memories;
    // A reviewer corrected the query of this very question earlier in the session: use their query.
    const correction = memories.find((m) => m.kind === 'correction' && m.key === input.question);
    if (correction && typeof correction.value.corrected === 'string') {
      const query: Query = {
        cypher: correction.value.corrected,
        parameters: {},
        template_id: null,
        generator: 'correction',
        description: { kind: understanding.kind, entities: entities.map((e) => ({ name: e.name, label: e.label })) },
      };
      await emit('query_generated', { cypher: query.cypher, generator: 'correction', attempts: 0, note: 'a reviewer’s correction from earlier in the session' });
      return { output: { query }, queryType: 'generated' };
    }
    const chosen: string[] = [];
    const write = () =>
      tool(queryGenerate, { understanding, entities, values: resolved?.values ?? [], memories, chosen });
    let generated = await write();
    // Readings the words leave open are offered, never guessed; "none of these" ends the question with what was understood.
    while (!generated.ok && generated.choices?.length && chosen.length < READING_CHOICES_MAX) {
      const choice = await ask({
        kind: 'disambiguation',
        question: generated.reason ?? 'Which do you mean?',
        options: [...generated.choices, { id: NONE_OF_THESE, label: 'None of these' }],
        data: { reading: true },
      });
      if (choice === NONE_OF_THESE) {
        // The choice was between joins, or between other readings: either way the question needs saying otherwise.
        const how = generated.choices.every((c) => choosesJoin(c.id)) ? 'Please say how they are related.' : 'Please ask it in other words.';
        return { output: { halt: { reason: 'no_query', text: `Then I can’t answer that as asked: ${generated.reason} ${how}` } satisfies Halt } };
      }
      chosen.push(String(choice));
      generated = await write();
    }
    if (!generated.ok && generated.scope) {
      // Not a question for this graph: said plainly, with what the graph does know about; nothing is queued for curators.
      const known = generated.known_labels ?? [];
      const text =
        generated.scope === 'instruction'
          ? 'I only answer questions about the knowledge graph; I can’t change it.'
          : `I can’t answer that from the knowledge graph: ${generated.reason}.${known.length ? ` It knows about ${listOfWords(known)}.` : ''}`;
      return { output: { halt: { reason: 'out_of_scope', text } satisfies Halt, generator: generated.generator }, queryType: 'out_of_scope' };
    }
    if (!generated.ok) {
      return { output: { halt: { reason: 'no_query', text: `I could not write a query for that: ${generated.reason}.` } satisfies Halt, generator: generated.generator } };
    }
    const query: Query = { cypher: generated.cypher!, parameters: {}, template_id: null, generator: generated.generator, description: generated.description! };
    const confidence = generated.description?.confidence ?? null;
    await emit('query_generated', { cypher: query.cypher, generator: generated.generator, attempts: generated.attempts ?? 1, note: generated.note ?? null, confidence });
    // A question phrased unlike a template's ("Which papers were written by X?" for "What papers did X write?")
    // still reuses it: the template of the same Cypher shape, with the values the new query holds.
    if (generated.template) {
      const reused: Query = { ...query, cypher: generated.template.cypher, parameters: generated.template.parameters, template_id: generated.template.template_id, generator: 'template' };
      await emit('query_reused', { template_id: reused.template_id, cypher: reused.cypher, parameters: reused.parameters, score: 1 });
      return { output: { query: reused, note: generated.note ?? null }, queryType: 'template' };
    }
    return { output: { query, note: generated.note ?? null }, queryType: 'generated' };
  },
};
