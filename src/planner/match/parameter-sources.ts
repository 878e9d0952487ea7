import { PRONOUN_KINDS, pronounFits } from '../read/pronouns.js';
import { fold } from '../read/words.js';
import { asRead, questionTokens } from './question.js';
import type { ReadText } from './question.js';

/**
 * Where each parameter of a template gets its value when the template is reused. The rule: a
 * template answers a new question only with values that question supplies, or that its session
 * resolves for it the same way the original was resolved. A value baked into the template from
 * the original conversation ("And where does she live?" approved with Mara Olsen as the example)
 * would otherwise answer every later question with it.
 *
 * - `question`: a slot of the template's pattern; the new question's words fill it.
 * - `pronoun`: the original question referred to the thing by a pronoun ("she"); the session
 *   fills it with what that pronoun refers to now (a thing of `label`).
 * - `key`: the original query picked one node by its key (after a disambiguation); the key of
 *   the node of `label` named by the parameter `of` fills it (a session's choice included).
 * - `constant`: a value that names nothing (a number, a list, a boolean) that the question does
 *   not carry: it stays as approved.
 */
export type ParameterSource =
  | { kind: 'question' }
  | { kind: 'pronoun'; pronoun: string; label: string }
  | { kind: 'key'; of: string; label: string }
  | { kind: 'constant' };

export interface SourcedParameter {
  name: string;
  example: unknown;
  from_question: boolean;
  source: ParameterSource;
}

/** The thing a question's mention was linked to, as the conversation's resolve step gives it. */
export interface SessionEntity {
  name: string;
  label: string;
  key?: string | null;
}

/** `(x:Label {prop: $param})`: a node looked up by a parameter. */
const NODE_BY_PARAMETER = /\(\s*(\w*)\s*:\s*`?(\w+)`?\s*\{\s*`?(\w+)`?\s*:\s*\$(\w+)\s*\}\s*\)/g;
/** `x._key = $param` (either way round). */
const KEY_FILTER = /\b(\w+)\s*\.\s*`?_key`?\s*=\s*\$(\w+)|\$(\w+)\s*=\s*(\w+)\s*\.\s*`?_key`?/g;

interface NodeLookup {
  variable: string;
  label: string;
  property: string;
  parameter: string;
}

function nodeLookups(cypher: string): NodeLookup[] {
  return [...cypher.matchAll(NODE_BY_PARAMETER)].map(([, variable, label, property, parameter]) => ({
    variable: variable!,
    label: label!,
    property: property!,
    parameter: parameter!,
  }));
}

/** A parameter whose value the question does not carry, and why approval cannot generalize it. */
export class UncarriedValueError extends Error {
  constructor(
    readonly parameter: string,
    readonly value: unknown,
  ) {
    super(
      `The question does not carry the value ${JSON.stringify(value)} ($${parameter}), so the template would answer every ` +
        `later question with it. Amend the query so that its question names the value (it then becomes a slot a new question ` +
        `fills), or so that the Cypher does not depend on it.`,
    );
  }
}

/**
 * Decides every parameter's source at approval, or throws an UncarriedValueError for the first
 * value that is neither in the question, nor the thing one of its pronouns stands for, nor the
 * key of a node the question names, nor a constant that names nothing.
 */
export function sourceParameters(options: {
  question: string;
  templateCypher: string;
  parameters: { name: string; example: unknown }[];
  /** Parameters that are slots of the question's pattern. */
  slots: readonly string[];
}): SourcedParameter[] {
  const { question, templateCypher, parameters, slots } = options;
  const lookups = nodeLookups(templateCypher);
  const pronouns = [...new Set(questionTokens(question).map((t) => t.surface).filter((w) => w in PRONOUN_KINDS))];
  const sources = new Map<string, ParameterSource>();
  for (const p of parameters) if (slots.includes(p.name)) sources.set(p.name, { kind: 'question' });

  // A name the question refers to by a pronoun: one pronoun, one node looked up by a name that is not in the question.
  const byPronoun = parameters.filter((p) => !sources.has(p.name) && typeof p.example === 'string' && lookups.some((l) => l.parameter === p.name && l.property !== '_key'));
  if (pronouns.length === 1 && byPronoun.length === 1) {
    const lookup = lookups.find((l) => l.parameter === byPronoun[0]!.name)!;
    if (pronounFits(pronouns[0]!, lookup.label)) sources.set(lookup.parameter, { kind: 'pronoun', pronoun: pronouns[0]!, label: lookup.label });
  }

  // A key filter on a node that is looked up by a name the question (or its pronoun) supplies.
  const keyParameters = new Map<string, string>();
  for (const m of templateCypher.matchAll(KEY_FILTER)) keyParameters.set(m[2] ?? m[3]!, m[1] ?? m[4]!);
  for (const l of lookups) if (l.property === '_key') keyParameters.set(l.parameter, l.variable);
  for (const [parameter, variable] of keyParameters) {
    if (sources.has(parameter)) continue;
    const named = lookups.find((l) => l.variable === variable && l.property !== '_key' && sources.has(l.parameter));
    if (named) sources.set(parameter, { kind: 'key', of: named.parameter, label: named.label });
  }

  return parameters.map((p) => {
    let source = sources.get(p.name);
    if (!source) {
      if (typeof p.example === 'string' || p.example === null) throw new UncarriedValueError(p.name, p.example);
      source = { kind: 'constant' };
    }
    return { name: p.name, example: p.example, from_question: source.kind === 'question', source };
  });
}

/**
 * The values of the parameters a question does not carry itself, from what its session
 * resolved; `captured` holds the pattern's slots. A parameter that cannot be filled that way
 * makes the template unusable for this question (the reason says which).
 */
export function fillFromSession(options: {
  question: string | ReadText;
  parameters: readonly { name: string; example: unknown; from_question: boolean; source?: ParameterSource }[];
  captured: Record<string, unknown>;
  entities: readonly SessionEntity[];
}): { ok: true; parameters: Record<string, unknown> } | { ok: false; reason: string } {
  const { captured, entities } = options;
  const read = asRead(options.question);
  const asked = fold(read.text);
  const pronouns = new Set(questionTokens(read).map((t) => t.surface));
  const values: Record<string, unknown> = {};
  const sourceOf = (p: (typeof options.parameters)[number]): ParameterSource =>
    // Approved before sources were recorded: a slot, or a constant only if it names nothing.
    p.source ?? (p.from_question ? { kind: 'question' } : typeof p.example === 'string' ? { kind: 'pronoun', pronoun: '', label: '' } : { kind: 'constant' });
  const ordered = [...options.parameters].sort((a, b) => Number(sourceOf(a).kind === 'key') - Number(sourceOf(b).kind === 'key'));
  for (const p of ordered) {
    const source = sourceOf(p);
    switch (source.kind) {
      case 'question':
        if (captured[p.name] === undefined) return { ok: false, reason: `the question gives no value for $${p.name}` };
        values[p.name] = captured[p.name];
        break;
      case 'constant':
        values[p.name] = p.example;
        break;
      case 'pronoun': {
        // What the session resolved the pronoun to: a thing of the label that the question does not name itself.
        const standsFor = entities.filter((e) => e.label === source.label && !asked.includes(fold(e.name).trim()));
        const entity = pronouns.has(source.pronoun) && standsFor.length === 1 ? standsFor[0] : undefined;
        if (!source.pronoun || !entity) return { ok: false, reason: `nothing in the session stands for “${source.pronoun || p.name}” as a ${source.label || 'thing'}` };
        values[p.name] = entity.name;
        break;
      }
      case 'key': {
        const name = values[source.of];
        const entity = typeof name === 'string' ? entities.find((e) => e.label === source.label && fold(e.name).trim() === fold(name).trim() && e.key) : undefined;
        if (!entity) return { ok: false, reason: `no ${source.label} named ${JSON.stringify(name)} was resolved to one node for $${p.name}` };
        values[p.name] = entity.key!;
        break;
      }
    }
  }
  return { ok: true, parameters: values };
}
