import type { PlanDescription } from '../../../planner/plan.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import answerCompose from '../../tools/definitions/answer-compose.js';
import csvEncode from '../../tools/definitions/csv-encode.js';
import messagePost from '../../tools/definitions/message-post.js';
import { fileWrite } from '../../tools/contracts/files.js';
import { memorySave } from '../../tools/contracts/memories.js';
import { answerSources } from '../../tools/contracts/sources.js';
import { executedOf, focusOf, haltOf, queryOf, haltedQueryType, generatorOf, resolvedOf, understandingOf } from './outputs.js';

/** The property that names the thing an answer found (its label's naming key, as the planner read it). */
function focusNameKey(d: PlanDescription): string {
  const m = d.meaning;
  return m?.nodes.find((n) => n.id === m.focus)?.nameKey ?? 'name';
}

/** Longest cell looked for among the documents' names (the `answer_sources` tool takes no longer one). */
const SOURCE_NAME_MAX_CHARS = 1000;

/** Things a session keeps as "talked about" for pronouns, most recent first. */
const FOCUS_MAX = 6;

export const answerNode: WorkflowNode<AskInput> = {
  id: 'answer',
  description: 'Answers in plain language from the rows, saves them as CSV and JSON files, and remembers what was talked about.',
  tools: [answerCompose, answerSources, csvEncode, fileWrite, messagePost, memorySave],
  replayable: true,
  async run({ tool, input, outputs, emit }) {
    const halt = haltOf(outputs);
    const query = queryOf(outputs);
    const understanding = understandingOf(outputs);
    // The kind the query was written for (the planner settles it once the names are known); the wording's, without one.
    const kind = query?.description.kind ?? understanding.kind;
    const result = executedOf(outputs);
    if (halt || !query || !result) {
      const text = halt?.text ?? 'I could not answer that.';
      const message = await tool(messagePost, { content: text, answer: { kind, query: null, halted: halt?.reason ?? 'no_query' } });
      await emit('answer_ready', { message_id: message.message_id, text, query: null, query_type: haltedQueryType(halt), generator: generatorOf(outputs) });
      return { output: { message_id: message.message_id, text } };
    }
    const resolved = resolvedOf(outputs);
    const entities = resolved?.entities ?? [];
    const { text } = await tool(answerCompose, {
      description: query.description,
      columns: result.columns,
      rows: result.rows,
      truncated: result.truncated,
      understanding,
      entities,
    });
    // An empty answer came from nothing: it cites no document.
    const { sources, total: sourcesTotal } =
      result.row_count === 0
        ? { sources: [], total: 0 }
        : await tool(answerSources, {
            keys: entities.flatMap((e) => (e.key ? [e.key] : [])),
            // A long text cell (a post's body) names nothing a document would: only what could be a name is looked for.
            names: result.rows.flatMap((row) => Object.values(row).filter((v): v is string => typeof v === 'string' && v.length <= SOURCE_NAME_MAX_CHARS)).slice(0, 200),
            ...(query.description.target ? { label: query.description.target } : {}),
            ...(query.description.relationship ? { relationship: query.description.relationship.type } : {}),
            ...(query.description.keysCypher ? { keys_cypher: query.description.keysCypher } : {}),
          });
    // The answer goes out first; its files follow within the same step (a client reading them
    // right after `answer_ready` may have to wait for `step_completed` of this step).
    const [csvPath, jsonPath] = ['answer.csv', 'answer.json'];
    const files = [csvPath, jsonPath];
    const answer = {
      kind,
      text,
      query: query.cypher,
      parameters: query.parameters,
      template_id: query.template_id,
      used_template: query.template_id !== null,
      generator: query.generator,
      columns: result.columns,
      rows: result.rows,
      row_count: result.row_count,
      truncated: result.truncated,
      files,
      sources,
      sources_total: sourcesTotal,
    };
    const message = await tool(messagePost, { content: text, answer });
    await emit('answer_ready', {
      message_id: message.message_id,
      text,
      query: query.cypher,
      query_type: query.template_id === null ? 'generated' : 'template',
      generator: query.generator,
      used_template: answer.used_template,
      row_count: result.row_count,
      truncated: result.truncated,
      files,
      sources,
    });
    const { csv } = await tool(csvEncode, { columns: result.columns.length ? result.columns : ['result'], rows: result.rows });
    await tool(fileWrite, { path: csvPath, content: csv });
    await tool(fileWrite, { path: jsonPath, content: JSON.stringify({ question: input.question, answer: text, query, ...result }, null, 2) });
    // What was talked about: a single thing found comes first ("and where does she work?").
    const single = result.rows.length === 1 && typeof result.rows[0]?.[result.columns[0] ?? ''] === 'string' && query.description.target;
    // What was talked about before stays behind it when this run read it (a pronoun's turn): "she" can still
    // mean the person of two turns ago after "it" meant her company.
    const earlier = focusOf(resolved?.memories);
    const fresh = [
      ...(single ? [{ id: '', label: query.description.target!, name: String(result.rows[0]![result.columns[0]!]), nameProperty: focusNameKey(query.description), properties: {} }] : []),
      ...entities.map((e) => ({ id: '', key: e.key, label: e.label, name: e.name, nameProperty: e.nameProperty, properties: {} })),
    ];
    const focus = [...fresh, ...earlier.filter((c) => !fresh.some((f) => f.label === c.label && f.name === c.name))].slice(0, FOCUS_MAX);
    if (focus.length > 0) await tool(memorySave, { kind: 'focus', key: 'last', value: { entities: focus } });
    return { output: { message_id: message.message_id, text, files, sources } };
  },
};
