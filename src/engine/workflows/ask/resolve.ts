import { show } from '../../../planner/answer/phrases.js';
import { PRONOUN_KINDS } from '../../../planner/read/pronouns.js';
import { normalizeMention } from '../../../planner/resolve/mention-search.js';
import type { Candidate } from '../../../planner/resolve/mention-search.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import entityResolve from '../../tools/definitions/entity-resolve.js';
import entitySearch from '../../tools/definitions/entity-search.js';
import { memoryRecall, memorySave } from '../../tools/contracts/memories.js';
import type { Memory } from '../../tools/contracts/memories.js';
import { choicesOf, focusOf, understandingOf } from './outputs.js';
import type { Halt } from './outputs.js';

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
    const facts = keys.filter((k) => c.properties[k] !== undefined).map((k) => `${k} ${show(c.properties[k])}`);
    return {
      id: c.key ?? c.id,
      label: `${c.name} (${c.label}${facts.length ? `, ${facts.join(', ')}` : ''})`,
      details: { label: c.label, name: c.name, ...Object.fromEntries(keys.map((k) => [k, c.properties[k] ?? null])) },
    };
  });
};

export const resolveNode: WorkflowNode<AskInput> = {
  id: 'resolve',
  description:
    'Looks the mentions up in the graph by name and links each to one node, recalling the session’s memories when they ' +
    'decide (a choice made earlier, the thing a pronoun refers to); asks which one when a name is ambiguous, and remembers the choice.',
  tools: [entitySearch, entityResolve, memoryRecall, memorySave],
  replayable: true,
  async run(ctx) {
    const understanding = understandingOf(ctx.outputs);
    const search = await ctx.tool(entitySearch, { understanding });
    // The memories are read only when they decide something (most questions name what they mean).
    let memories: Memory[] | undefined;
    let memory: { choices: { mention: string; candidate: Candidate }[]; focus: Candidate[] } | undefined;
    let asked = false;
    for (;;) {
      const result = await ctx.tool(entityResolve, { understanding, search, ...(memory ? { memory } : {}) });
      if (result.status === 'needs_memory') {
        memories = (await ctx.tool(memoryRecall, {})).memories;
        memory = { choices: choicesOf(memories), focus: focusOf(memories) };
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
          await ctx.tool(memorySave, { kind: 'disambiguation', key, value: { mention: text, candidate: chosen } });
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
      await ctx.tool(memorySave, { kind: 'disambiguation', key, value: { mention: result.mention, candidate: chosen } });
      // An ambiguous name is only reported once the memories were read (they may hold the choice).
      memory!.choices.unshift({ mention: key, candidate: chosen });
    }
  },
};
