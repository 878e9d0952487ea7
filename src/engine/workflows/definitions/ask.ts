import { z } from 'zod';
import type { PlanDescription } from '../../planner/plan.js';
import { PRONOUN_KINDS } from '../../planner/pronouns.js';
import { confirmsReading } from '../../planner/interpret.js';
import { normalizeMention } from '../../planner/mention-search.js';
import type { Candidate } from '../../planner/mention-search.js';
import { defineWorkflow } from '../workflow.js';
import type { NodeContext } from '../workflow.js';

/**
 * The conversation's main workflow: one question in, one answer out. Every step works
 * through registered tools and shows in the session's stream; a step that cannot go on
 * (nothing by that name, no query possible, a refused or rejected query) leaves a `halt`
 * that the later steps pass through and the answer step explains.
 */

type Out = Record<string, Record<string, unknown>>;
interface Halt {
  reason: 'unknown' | 'no_query' | 'declined' | 'rejected' | 'out_of_scope';
  text: string;
}
interface Understood {
  understanding: Record<string, unknown> & { kind: string; question: string };
}
/** Something the session remembers. */
interface Memory {
  kind: string;
  key: string;
  value: Record<string, unknown>;
}
/** A new query that was refused (by the read-only checks or a reviewer): the record step files it as declined. */
interface Declined {
  cypher: string;
  reason: string;
}
interface Query {
  cypher: string;
  parameters: Record<string, unknown>;
  template_id: number | null;
  generator: 'template' | 'planner' | 'model' | 'correction';
  description: PlanDescription;
}

const haltOf = (outputs: Out): Halt | undefined =>
  Object.values(outputs).map((o) => o.halt as Halt | undefined).find((h) => h !== undefined);
const declinedOf = (outputs: Out): Declined | undefined =>
  (outputs.validate?.declined ?? outputs.review?.declined) as Declined | undefined;
const queryOf = (outputs: Out): Query | undefined =>
  (outputs.review?.query ?? outputs.validate?.query ?? outputs.generate?.query ?? outputs.match_template?.query) as Query | undefined;
/** What an answer without rows was, as `answer_ready.query_type` says. */
const haltedQueryType = (halt: Halt | undefined): string =>
  halt?.reason === 'out_of_scope' ? 'out_of_scope' : halt?.reason === 'declined' || halt?.reason === 'rejected' ? 'declined' : 'none';
/** Who wrote the turn's query, or would have: a halt of the generate step still names its writer. */
const generatorOf = (outputs: Out): string => queryOf(outputs)?.generator ?? (outputs.generate?.generator as string | undefined) ?? 'none';

/** Properties whose values differ among the candidates: what a person can tell them apart by (at most three). */
function distinguishing(candidates: Candidate[]): string[] {
  const nameKeys = new Set(candidates.map((c) => c.nameProperty));
  const keys = new Set(candidates.flatMap((c) => Object.keys(c.properties)));
  return [...keys]
    .filter((k) => !nameKeys.has(k) && new Set(candidates.map((c) => JSON.stringify(c.properties[k] ?? null))).size > 1)
    .sort()
    .slice(0, 3);
}

const optionsFor = (candidates: Candidate[]) => {
  const keys = distinguishing(candidates);
  return candidates.map((c) => {
    const facts = keys.filter((k) => c.properties[k] !== undefined).map((k) => `${k} ${String(c.properties[k])}`);
    return {
      id: c.key ?? c.id,
      label: `${c.name} (${c.label}${facts.length ? `, ${facts.join(', ')}` : ''})`,
      details: { label: c.label, name: c.name, ...Object.fromEntries(keys.map((k) => [k, c.properties[k] ?? null])) },
    };
  });
};

const skip = { output: {} };

/** The property that names the thing an answer found (its label's naming key, as the planner read it). */
function focusNameKey(d: PlanDescription): string {
  const m = d.meaning;
  return m?.nodes.find((n) => n.id === m.focus)?.nameKey ?? 'name';
}

/** Most choices between readings one question asks for. */
const READING_CHOICES_MAX = 3;
/** The option that refuses every reading offered. */
export const NONE_OF_THESE = 'none';

/** Things a session keeps as "talked about" for pronouns, most recent first. */
const FOCUS_MAX = 6;

/** Labels as words a reader expects: "cities, companies and people". */
function listOfWords(labels: string[]): string {
  const words = labels.map((l) => {
    const w = l.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return w === 'person' ? 'people' : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(w) ? `${w}es` : `${w}s`;
  });
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export default defineWorkflow({
  id: 'ask',
  name: 'Ask',
  description:
    'Answers a question about the knowledge graph: understands it, links the things it names (asking when a name is ' +
    'ambiguous), reuses an approved template or writes a new read-only query, validates it, waits for a review when the ' +
    'policy asks, runs it, answers in plain language with the rows as CSV and JSON files, and queues a new query for curation.',
  // Every step but the last only reads or writes idempotently, so fast steps share a commit; the
  // curation queue and the template counters are written once, by the last step.
  version: '4',
  input: z
    .object({
      question: z.string().trim().min(1).max(10_000).describe('The question, in plain language.'),
      message_id: z.string().optional().describe('The user message it answers (set by the chat).'),
      sent_by: z.string().optional().describe('Who sent the message (set by the chat): the session’s owner, or an admin.'),
    })
    .strict(),
  nodes: [
    {
      id: 'understand',
      description: 'Finds the kind of question and the mentions of things in it.',
      tools: ['question_understand'],
      replayable: true,
      async run({ tool, input }) {
        const understanding = await tool<Understood['understanding']>('question_understand', { question: input.question });
        return { output: { understanding } };
      },
    },
    {
      id: 'resolve',
      description:
        'Looks the mentions up in the graph by name and links each to one node, recalling the session’s memories when they ' +
        'decide (a choice made earlier, the thing a pronoun refers to); asks which one when a name is ambiguous, and remembers the choice.',
      tools: ['entity_search', 'entity_resolve', 'memory_recall', 'memory_save'],
      replayable: true,
      async run(ctx) {
        const { understanding } = ctx.outputs.understand as unknown as Understood;
        const search = await ctx.tool<Record<string, unknown>>('entity_search', { understanding });
        // The memories are read only when they decide something (most questions name what they mean).
        let memories: Memory[] | undefined;
        let memory: { choices: { mention: string; candidate: Candidate }[]; focus: Candidate[] } | undefined;
        let asked = false;
        for (;;) {
          const result = await ctx.tool<{
            status: 'resolved' | 'ambiguous' | 'unknown' | 'too_many' | 'needs_memory';
            max?: number;
            entities: Record<string, unknown>[];
            from_memory: string[];
            mention?: string;
            candidates: Candidate[];
            unknown: string[];
            values?: unknown[];
          }>('entity_resolve', { understanding, search, ...(memory ? { memory } : {}) });
          if (result.status === 'needs_memory') {
            memories = (await ctx.tool<{ memories: Memory[] }>('memory_recall', {})).memories;
            memory = {
              choices: memories.filter((m) => m.kind === 'disambiguation').map((m) => ({ mention: m.key, candidate: m.value.candidate as Candidate })),
              focus: (memories.find((m) => m.kind === 'focus')?.value.entities as Candidate[] | undefined) ?? [],
            };
            continue;
          }
          const recalled = memories ? { memories } : {};
          if (result.status === 'resolved') {
            return { output: { entities: result.entities, values: result.values ?? [], from_memory: result.from_memory, ...recalled }, queryType: asked ? 'clarification' : 'none' };
          }
          if (result.status === 'too_many') {
            return { output: { ...recalled, halt: { reason: 'unknown', text: `That question names too many things at once; please ask about at most ${result.max}.` } satisfies Halt } };
          }
          if (result.status === 'unknown') {
            if (result.unknown.length > 0 && result.unknown.every((u) => u.toLowerCase() in PRONOUN_KINDS)) {
              const pronoun = result.unknown[0]!;
              return { output: { ...recalled, halt: { reason: 'unknown', text: `I don’t know who or what “${pronoun}” refers to here: please name it.` } satisfies Halt } };
            }
            // One name not found, and names like it: offered as a choice that resumes the run ("Did you mean …?").
            if (result.unknown.length === 1 && result.candidates.length > 0 && memory) {
              asked = true;
              const [text] = result.unknown as [string];
              const choice = await ctx.ask({
                kind: 'disambiguation',
                question: `I could not find “${text}”. Did you mean ${result.candidates.length === 1 ? 'this' : 'one of these'}?`,
                options: optionsFor(result.candidates),
                data: { mention: text, did_you_mean: true },
              });
              const chosen = result.candidates.find((c) => (c.key ?? c.id) === choice);
              if (!chosen) throw new Error(`the choice ${String(choice)} is not one of the options`);
              const key = normalizeMention(text);
              await ctx.tool('memory_save', { kind: 'disambiguation', key, value: { mention: text, candidate: chosen } });
              memory.choices.unshift({ mention: key, candidate: chosen });
              continue;
            }
            const names = result.unknown.map((u) => `“${u}”`).join(' or ');
            const hint = result.candidates.length ? ` Did you mean ${result.candidates.map((c) => `${c.name} (${c.label})`).join(', ')}?` : '';
            return { output: { ...recalled, halt: { reason: 'unknown', text: `I could not find anything called ${names} in the knowledge graph.${hint}` } satisfies Halt } };
          }
          asked = true;
          const choice = await ctx.ask({
            kind: 'disambiguation',
            question: `Which “${result.mention}” do you mean?`,
            options: optionsFor(result.candidates),
            data: { mention: result.mention },
          });
          const chosen = result.candidates.find((c) => (c.key ?? c.id) === choice);
          if (!chosen) throw new Error(`the choice ${String(choice)} is not one of the options`);
          const key = normalizeMention(result.mention!);
          await ctx.tool('memory_save', { kind: 'disambiguation', key, value: { mention: result.mention, candidate: chosen } });
          // An ambiguous name is only reported once the memories were read (they may hold the choice).
          memory!.choices.unshift({ mention: key, candidate: chosen });
        }
      },
    },
    {
      id: 'match_template',
      description: 'Asks the template matcher for an approved template that answers the question, filled with the resolved values.',
      tools: ['template_match'],
      replayable: true,
      async run({ tool, input, outputs, emit }) {
        if (haltOf(outputs)) return skip;
        const match = await tool<{ matched: boolean; template_id?: number; cypher?: string; parameters?: Record<string, unknown>; score?: number }>(
          'template_match',
          { question: input.question, entities: outputs.resolve?.entities ?? [] },
        );
        if (!match.matched) return { output: { matched: false, score: match.score ?? 0 } };
        const understanding = (outputs.understand as unknown as Understood).understanding;
        const entities = (outputs.resolve?.entities ?? []) as { name: string; label: string }[];
        const query: Query = {
          cypher: match.cypher!,
          parameters: match.parameters ?? {},
          template_id: match.template_id!,
          generator: 'template',
          description: { kind: understanding.kind as PlanDescription['kind'], entities: entities.map((e) => ({ name: e.name, label: e.label })) },
        };
        await emit('query_reused', { template_id: match.template_id, cypher: query.cypher, parameters: query.parameters, score: match.score ?? null });
        return { output: { matched: true, query }, queryType: 'template' };
      },
    },
    {
      id: 'generate',
      description:
        'Writes a new read-only query from the question and the graph’s own schema (a model when configured, the built-in ' +
        'planner otherwise); an approved template of the same Cypher shape is reused instead. When the question leaves ' +
        'readings open (two ways of joining what it names), asks which one is meant, with “none of these”.',
      tools: ['query_generate', 'memory_recall'],
      replayable: true,
      async run({ tool, input, outputs, emit, ask }) {
        if (haltOf(outputs) || queryOf(outputs)) return skip;
        const { understanding } = outputs.understand as unknown as Understood;
        // Recalled by the resolve step when they decided something there; otherwise now.
        const memories = (outputs.resolve?.memories as Memory[] | undefined) ?? (await tool<{ memories: Memory[] }>('memory_recall', {})).memories;
        // A reviewer corrected the query of this very question earlier in the session: use their query.
        const correction = memories.find((m) => m.kind === 'correction' && m.key === input.question);
        if (correction && typeof correction.value.corrected === 'string') {
          const entities = (outputs.resolve?.entities ?? []) as { name: string; label: string }[];
          const query: Query = {
            cypher: correction.value.corrected,
            parameters: {},
            template_id: null,
            generator: 'correction',
            description: { kind: understanding.kind as PlanDescription['kind'], entities: entities.map((e) => ({ name: e.name, label: e.label })) },
          };
          await emit('query_generated', { cypher: query.cypher, generator: 'correction', attempts: 0, note: 'a reviewer’s correction from earlier in the session' });
          return { output: { query }, queryType: 'generated' };
        }
        type Generated = {
          ok: boolean;
          cypher?: string;
          description?: PlanDescription;
          generator: 'planner' | 'model';
          attempts?: number;
          reason?: string;
          scope?: 'out_of_scope' | 'instruction';
          known_labels?: string[];
          note?: string;
          choices?: { id: string; label: string }[];
          template?: { template_id: number; cypher: string; parameters: Record<string, unknown> };
        };
        const chosen: string[] = [];
        const write = () =>
          tool<Generated>('query_generate', { question: input.question, understanding, entities: outputs.resolve?.entities ?? [], values: outputs.resolve?.values ?? [], memories, chosen });
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
            // The choice was between joins, or a guessed reading to confirm: either way the question needs saying otherwise.
            const how = generated.choices.some((c) => confirmsReading(c.id)) ? 'Please ask it in other words.' : 'Please say how they are related.';
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
        const confidence = (generated.description as { confidence?: number } | undefined)?.confidence ?? null;
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
    },
    {
      id: 'validate',
      description: 'Checks the query with the graph store’s read-only layers; a refused new query is recorded as declined (by the record step).',
      tools: ['query_validate'],
      replayable: true,
      async run({ tool, outputs }) {
        const query = queryOf(outputs);
        if (haltOf(outputs) || !query) return skip;
        const check = await tool<{ ok: boolean; error?: string }>('query_validate', { cypher: query.cypher, parameters: query.parameters });
        if (check.ok) return { output: { query } };
        const reason = check.error ?? 'refused by the read-only checks';
        return {
          output: {
            halt: { reason: 'declined', text: `The query was refused by the read-only checks, so it did not run: ${reason}` } satisfies Halt,
            ...(query.template_id === null ? { declined: { cypher: query.cypher, reason } satisfies Declined } : {}),
          },
          queryType: 'declined',
        };
      },
    },
    {
      id: 'review',
      description: 'When the review policy asks for it, waits for a reviewer (or the owner) to approve, edit or reject the query.',
      tools: ['review_open'],
      replayable: true,
      async run(ctx: NodeContext<{ question: string; message_id?: string }>) {
        const query = queryOf(ctx.outputs);
        if (haltOf(ctx.outputs) || !query) return skip;
        const review = await ctx.tool<{ required: boolean; review_id?: string; owner_may_decide?: boolean }>('review_open', {
          question: ctx.input.question,
          cypher: query.cypher,
          parameters: query.parameters,
          is_template: query.template_id !== null,
        });
        if (!review.required) return { output: { query, reviewed: false } };
        const decision = (await ctx.ask({
          kind: 'review',
          question: 'This query waits for a review before it runs.',
          data: { review_id: review.review_id, cypher: query.cypher, parameters: query.parameters, owner_may_decide: review.owner_may_decide },
        })) as { decision: 'approved' | 'rejected'; cypher?: string; comment?: string; reason?: string; by?: string };
        if (decision.decision === 'rejected') {
          const reason = decision.reason ?? 'no reason given';
          return {
            output: {
              halt: { reason: 'rejected', text: `A reviewer declined the query: ${reason}.` } satisfies Halt,
              ...(query.template_id === null ? { declined: { cypher: query.cypher, reason: `rejected in review: ${reason}` } satisfies Declined } : {}),
            },
            queryType: 'declined',
          };
        }
        const reviewed = decision.cypher ? { ...query, cypher: decision.cypher, template_id: null, generator: query.generator } : query;
        return { output: { query: reviewed, edited: Boolean(decision.cypher), comment: decision.comment ?? null } };
      },
    },
    {
      id: 'execute',
      description: 'Runs the query read-only under the time and row limits.',
      tools: ['cypher_read'],
      replayable: true,
      async run({ tool, outputs }) {
        const query = queryOf(outputs);
        if (haltOf(outputs) || !query) return skip;
        const result = await tool<{ columns: string[]; rows: Record<string, unknown>[]; row_count: number; truncated: boolean }>('cypher_read', {
          cypher: query.cypher,
          parameters: query.parameters,
        });
        return { output: result, queryType: query.template_id === null ? 'generated' : 'template' };
      },
    },
    {
      id: 'answer',
      description: 'Answers in plain language from the rows, saves them as CSV and JSON files, and remembers what was talked about.',
      tools: ['answer_compose', 'answer_sources', 'csv_encode', 'file_write', 'message_post', 'memory_save'],
      replayable: true,
      async run({ tool, input, outputs, emit }) {
        const halt = haltOf(outputs);
        const query = queryOf(outputs);
        const kind = (outputs.understand as unknown as Understood).understanding.kind;
        if (halt || !query) {
          const text = halt?.text ?? 'I could not answer that.';
          const message = await tool<{ message_id: string }>('message_post', { content: text, answer: { kind, query: null, halted: halt?.reason ?? 'no_query' } });
          await emit('answer_ready', { message_id: message.message_id, text, query: null, query_type: haltedQueryType(halt), generator: generatorOf(outputs) });
          return { output: { message_id: message.message_id, text } };
        }
        const result = outputs.execute as unknown as { columns: string[]; rows: Record<string, unknown>[]; row_count: number; truncated: boolean };
        const { text } = await tool<{ text: string }>('answer_compose', {
          description: query.description,
          columns: result.columns,
          rows: result.rows,
          truncated: result.truncated,
          understanding: (outputs.understand as unknown as Understood).understanding,
          entities: outputs.resolve?.entities ?? [],
        });
        // An empty answer came from nothing: it cites no document.
        const { sources, total: sourcesTotal } =
          result.row_count === 0
            ? { sources: [], total: 0 }
            : await tool<{ sources: { doc_id: string; file_name: string; snippet: string; page: number | null }[]; total: number }>('answer_sources', {
                keys: ((outputs.resolve?.entities ?? []) as { key?: string }[]).flatMap((e) => (e.key ? [e.key] : [])),
                names: result.rows.flatMap((row) => Object.values(row).filter((v): v is string => typeof v === 'string')).slice(0, 200),
                ...(query.description.target ? { label: query.description.target } : {}),
                ...(query.description.relationship ? { relationship: query.description.relationship.type } : {}),
                ...(query.description.keysCypher ? { keys_cypher: query.description.keysCypher } : {}),
              });
        // The answer goes out first; its files follow within the same step (a client reading them
        // right after `answer_ready` may have to wait for `step_completed` of this step).
        const files = ['answer.csv', 'answer.json'];
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
        const message = await tool<{ message_id: string }>('message_post', { content: text, answer });
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
        const { csv } = await tool<{ csv: string }>('csv_encode', { columns: result.columns.length ? result.columns : ['result'], rows: result.rows });
        await tool('file_write', { path: files[0], content: csv });
        await tool('file_write', { path: files[1], content: JSON.stringify({ question: input.question, answer: text, query, ...result }, null, 2) });
        // What was talked about: a single thing found comes first ("and where does she work?").
        const entities = (outputs.resolve?.entities ?? []) as { name: string; label: string; nameProperty: string; key?: string }[];
        const single = result.rows.length === 1 && typeof result.rows[0]?.[result.columns[0] ?? ''] === 'string' && query.description.target;
        // What was talked about before stays behind it when this run read it (a pronoun's turn): "she" can still
        // mean the person of two turns ago after "it" meant her company.
        const earlier = ((outputs.resolve?.memories as Memory[] | undefined)?.find((m) => m.kind === 'focus')?.value.entities as Candidate[] | undefined) ?? [];
        const fresh = [
          ...(single ? [{ id: '', label: query.description.target!, name: String(result.rows[0]![result.columns[0]!]), nameProperty: focusNameKey(query.description), properties: {} }] : []),
          ...entities.map((e) => ({ id: '', key: e.key, label: e.label, name: e.name, nameProperty: e.nameProperty, properties: {} })),
        ];
        const focus = [...fresh, ...earlier.filter((c) => !fresh.some((f) => f.label === c.label && f.name === c.name))].slice(0, FOCUS_MAX);
        if (focus.length > 0) await tool('memory_save', { kind: 'focus', key: 'last', value: { entities: focus } });
        return { output: { message_id: message.message_id, text, files, sources } };
      },
    },
    {
      id: 'record',
      description:
        'Queues a newly written query for curation as pending, or as declined with the reason it was refused; a reused ' +
        'template is not queued again, its counters move instead. Runs once per run (its writes are not repeated).',
      tools: ['query_record', 'template_reuse'],
      async run({ tool, input, outputs }) {
        const declined = declinedOf(outputs);
        const query = queryOf(outputs);
        if (!declined && (haltOf(outputs) || !query)) return skip;
        if (!declined && query!.template_id !== null) {
          const reuse = await tool<{ counted: boolean; reuse_count?: number }>('template_reuse', { template_id: query!.template_id });
          return { output: { outcome: 'reused', query_id: query!.template_id, ...reuse } };
        }
        // How sure the writer was and why, for curators (the planner says; a model does not).
        const described = query?.description as (PlanDescription & { confidence?: number; mappings?: unknown[] }) | undefined;
        const rowCount = (outputs.execute as { row_count?: number } | undefined)?.row_count;
        const recorded = await tool<{ outcome: string; query_id: number }>('query_record', {
          question: input.question,
          message_id: input.message_id,
          ...(input.sent_by ? { sent_by: input.sent_by } : {}),
          ...(declined ? { cypher: declined.cypher, declined_reason: declined.reason } : { cypher: query!.cypher, parameters: query!.parameters }),
          ...(query && !declined
            ? { assessment: { generator: query.generator, confidence: described?.confidence, mappings: described?.mappings, row_count: rowCount } }
            : {}),
        });
        return { output: recorded };
      },
    },
  ],
  output(outputs) {
    const answer = outputs.answer ?? {};
    const query = queryOf(outputs);
    return {
      message_id: answer.message_id ?? null,
      text: answer.text ?? null,
      query: query?.cypher ?? null,
      used_template: query ? query.template_id !== null : false,
      files: answer.files ?? [],
      sources: answer.sources ?? [],
    };
  },
});
