import type { GraphStore } from '../../stores/graph/port.js';
import { fits, labelSaidBefore, labelSaidRightAfter, normalizeMention, sameNode, searchMentions } from './mention-search.js';
import type { Candidate, MentionSearch, RelationshipValue } from './mention-search.js';
import type { ResolvedEntity } from '../plan.js';
import { PRONOUN_KINDS, pronounFits } from '../read/pronouns.js';
import type { Mention, Understanding } from './understand.js';
import type { Vocabulary } from '../link/vocabulary.js';
import { fold } from '../read/words.js';

/**
 * Links the searched mentions of a question to nodes of the graph. A mention naming several
 * nodes a person would have to tell apart is ambiguous (unless the question itself, or the
 * session's memory, settles it); one naming nothing is unknown.
 */

/** What the session remembers: a chosen node per mention, and the things last talked about. */
export interface ResolutionMemory {
  choices: { mention: string; candidate: Candidate }[];
  focus: Candidate[];
}

export type Resolution =
  | { status: 'resolved'; entities: ResolvedEntity[]; fromMemory: string[]; values?: RelationshipValue[] }
  | { status: 'too_many'; mentions: number; max: number }
  | { status: 'ambiguous'; mention: Mention; candidates: Candidate[]; entities: ResolvedEntity[] }
  | { status: 'unknown'; mentions: string[]; suggestions: Candidate[] };

/**
 * Links the searched mentions to nodes: a mention naming one node names it; one naming
 * several is ambiguous unless the session remembers which one was meant; a pronoun with
 * nothing named refers to the thing last talked about. Without `memory` (not read yet), it
 * answers `needs_memory` where the memory would decide, so memories are read only then.
 */
/**
 * Things of one label that share one name this many times or more: the name is what they are
 * called together ("the process named 'nginx'": one of that name on every host),
 * not a name a person picks one of, so all of them are meant. Two or three namesakes are asked about.
 */
export const SHARED_NAME_MIN = 5;

/** (Only where the question says what they are: the search returns a few, and one of another label may be past them.) */
const nameOfMany = (candidates: Candidate[], said: string | undefined) =>
  candidates.length >= SHARED_NAME_MIN &&
  said === candidates[0]!.label &&
  candidates.every((c) => c.label === candidates[0]!.label && fold(c.name) === fold(candidates[0]!.name));

export function decideMentions(
  search: Extract<MentionSearch, { status: 'searched' }>,
  understanding: Understanding,
  vocabulary: Vocabulary,
  memory: ResolutionMemory | undefined,
): Resolution | { status: 'needs_memory' } {
  const entities: ResolvedEntity[] = [];
  const fromMemory: string[] = [];
  for (const { mention, candidates: found } of search.found) {
    let candidates = found;
    const many = nameOfMany(candidates, labelSaidBefore(mention, understanding, vocabulary) ?? labelSaidRightAfter(mention, understanding, vocabulary));
    const shared = candidates.length > 1 && !many;
    // Several nodes still fit what the question says: a person has to choose, unless the session remembers.
    if (shared) {
      if (!memory) return { status: 'needs_memory' };
      const remembered = memory.choices.find((m) => candidates.some((c) => sameNode(c, m.candidate)) && (m.mention === normalizeMention(mention.text) || normalizeMention(m.candidate.name).includes(normalizeMention(mention.text))));
      if (remembered) {
        candidates = [candidates.find((c) => sameNode(c, remembered.candidate))!];
        fromMemory.push(mention.text);
      } else {
        return { status: 'ambiguous', mention, candidates, entities };
      }
    }
    const chosen = candidates[0]!;
    // The same thing named twice ("… cite X" after "X …") is one entity.
    if (entities.some((e) => e.label === chosen.label && e.name === chosen.name && e.key === chosen.key)) continue;
    entities.push({
      mention: mention.text,
      position: mention.start,
      label: chosen.label,
      name: chosen.name,
      nameProperty: chosen.nameProperty,
      key: chosen.key,
      unique: !shared,
      ...(many ? { shared: true as const } : {}),
    });
  }

  // A name the graph does not know is said, even beside names it knows: answering without it would answer another question.
  // Unless the session chose what it meant ("Did you mean Ada Moreau?" — yes).
  if (search.unknown.length > 0) {
    if (!memory) return { status: 'needs_memory' };
    const still: string[] = [];
    for (const text of search.unknown) {
      const chosen = memory.choices.find((m) => m.mention === normalizeMention(text))?.candidate;
      if (!chosen) {
        still.push(text);
        continue;
      }
      entities.push({
        mention: text,
        position: Math.max(0, understanding.question.indexOf(text)),
        label: chosen.label,
        name: chosen.name,
        nameProperty: chosen.nameProperty,
        key: chosen.key,
        unique: true,
      });
      fromMemory.push(text);
    }
    if (still.length > 0) return { status: 'unknown', mentions: still, suggestions: search.suggestions };
  }

  // "And where does she work?": nothing named, so the thing last talked about.
  if (entities.length === 0 && understanding.cues.pronoun) {
    if (!memory) return { status: 'needs_memory' };
    if (memory.focus.length > 0) {
      // The first thing talked about that the pronoun can stand for ("she" is a person, "it" is not) and that can take
      // part in what is asked ("where does she live?" needs a liver).
      // (Pronouns are function words: they are not among the understanding's words.)
      const pronoun = [...fold(understanding.question).matchAll(/\p{L}+/gu)].map((m) => ({ word: m[0], start: m.index })).find((w) => w.word in PRONOUN_KINDS);
      const properties = (c: Candidate) => vocabulary.labels.find((l) => l.label === c.label)?.properties ?? [];
      const agreeing = memory.focus.filter((c) => !pronoun || pronounFits(pronoun.word, c.label, properties(c)));
      const focus = agreeing.find((c) => fits(c, understanding, vocabulary)) ?? agreeing[0];
      if (!focus) return { status: 'unknown', mentions: [pronoun?.word ?? 'it'], suggestions: [] };
      const position = pronoun?.start ?? 0;
      // The mention is what the question says (the pronoun), where it says it; the name is the thing's.
      entities.push({ mention: pronoun?.word ?? focus.name, position, label: focus.label, name: focus.name, nameProperty: focus.nameProperty, key: focus.key, unique: true });
      fromMemory.push(focus.name);
    } else {
      // "How many projects does she lead?" in a new session: nobody to be "she"; asking beats answering about everyone.
      const personal = [...fold(understanding.question).matchAll(/\p{L}+/gu)].map((m) => m[0]).find((w) => /^(she|he|him|her|hers|his)$/.test(w));
      if (personal) return { status: 'unknown', mentions: [personal], suggestions: [] };
    }
  }
  return { status: 'resolved', entities, fromMemory, values: search.values ?? [] };
}

/** Searches the mentions, then decides with what the session remembers. */
export async function resolveMentions(
  graph: GraphStore,
  understanding: Understanding,
  vocabulary: Vocabulary,
  memory: ResolutionMemory,
  maxMentions = 8,
): Promise<Resolution> {
  const search = await searchMentions(graph, understanding, vocabulary, maxMentions);
  if (search.status === 'too_many') return search;
  return decideMentions(search, understanding, vocabulary, memory) as Resolution;
}
