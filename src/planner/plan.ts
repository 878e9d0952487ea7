import { z } from 'zod';
import type { Meaning } from './meaning.js';

/**
 * What the planner hands the rest of the conversation: the query it wrote with a description of
 * it (the question's kind, the things it names, its meaning, how sure it is), or why it wrote none.
 */

export const QUESTION_KINDS = ['lookup', 'list', 'count', 'aggregate', 'path', 'property'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A thing of the graph a mention was linked to. */
export interface ResolvedEntity {
  mention: string;
  /** Where the mention stands in the question (decides subject and object). */
  position: number;
  label: string;
  name: string;
  /** The property holding `name` (`name`, `title`, …). */
  nameProperty: string;
  /** The store's stable key, used when the name alone is not unique. */
  key?: string;
  unique: boolean;
  /** The name of many things of its label, all of them meant (resolve.ts). */
  shared?: true;
}

export interface PlanDescription {
  kind: QuestionKind;
  entities: { name: string; label: string }[];
  /** The label of what is listed, counted or ranked. */
  target?: string;
  relationship?: { type: string; phrase: string; entityIsSubject: boolean };
  property?: string;
  aggregate?: 'avg' | 'sum' | 'min' | 'max' | 'most' | 'least';
  /** The answer is about what does NOT have the relationship. */
  negated?: boolean;
  /** Numbers the answer was narrowed by, as words ("year after 2023"). */
  filters?: string[];
  /** Two named things compared by `property` (or by how many `target` each has). */
  comparison?: 'more' | 'less';
  /** The relationships followed, from the named thing to what is listed, when more than one. */
  chain?: { type: string; phrase: string; via?: string }[];
  /** A value of a relationship's property the answer is narrowed to ("ceo" as the role of WORKS_AT). */
  relationshipValue?: { type: string; property: string; value: string };
  /** The question's meaning, when the planner read one (the answer is said from it). */
  meaning?: Meaning;
  /** For a list: the query counting all its things, run when the row limit cut the list. */
  countCypher?: string;
  /** A count's or an aggregate's things, by stored key: what its sources are found by. */
  keysCypher?: string;
  /** With a model: whether its query has the Cypher shape of the planner's (`different` lowers `confidence`). */
  modelAgreement?: 'same' | 'different';
  /** How sure the planner is (0..1), and what each word was taken to mean. */
  confidence?: number;
  mappings?: { word: string; to: string; kind: 'label' | 'relationship' | 'property' | 'value' | 'synonym'; guessed: boolean }[];
}

/**
 * A plan description as it crosses the run's steps (JSON): its kind checked, the rest as the planner wrote it
 * (its meaning is the planner's own record, read back only by the planner).
 */
export const PlanDescriptionSchema = z.custom<PlanDescription>(
  (value) => typeof value === 'object' && value !== null && 'kind' in value && (QUESTION_KINDS as readonly unknown[]).includes(value.kind),
  'a plan description',
);

/** Longest id of a choice between readings (it comes back from the person asking, through the generate tool). */
export const READING_CHOICE_ID_MAX = 500;

export type Plan =
  | { ok: true; cypher: string; description: PlanDescription }
  /** `scope`: the question is not one the graph can answer (out_of_scope) or asks to change it (instruction). */
  | { ok: false; reason: string; scope?: 'out_of_scope' | 'instruction'; choices?: { id: string; label: string }[] };

