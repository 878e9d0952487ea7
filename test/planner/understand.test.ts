import { describe, expect, it } from 'vitest';
import { understand } from '../../src/planner/resolve/understand.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { plannerOnScratch } from '../support/planner.js';

/**
 * The first step of a run reads a question with the planner's language layer: the same kind and
 * cues from the same words on graphs that share no word, the names kept apart from the words
 * around them, an instruction left without names to look up.
 */

const HARBOUR: UpsertBatch = {
  nodes: [
    { key: 'v1', labels: ['Vessel'], properties: { name: 'Sea Wolf', tonnage: 1200 } },
    { key: 'v2', labels: ['Vessel'], properties: { name: 'Grey Heron', tonnage: 800 } },
    { key: 'p1', labels: ['Port'], properties: { name: 'Bergen' } },
  ],
  relationships: [
    { fromKey: 'v1', type: 'DOCKED_AT', toKey: 'p1' },
    { fromKey: 'v2', type: 'DOCKED_AT', toKey: 'p1' },
  ],
};

const SCHOOL: UpsertBatch = {
  nodes: [
    { key: 't1', labels: ['Teacher'], properties: { name: 'Ines Varga', salary: 52000 } },
    { key: 't2', labels: ['Teacher'], properties: { name: 'Omar Lund', salary: 48000 } },
    { key: 'c1', labels: ['Course'], properties: { name: 'Algebra' } },
  ],
  relationships: [
    { fromKey: 't1', type: 'TEACHES', toKey: 'c1' },
    { fromKey: 't2', type: 'TEACHES', toKey: 'c1' },
  ],
};

describe.each([
  {
    graph: 'harbour',
    batch: HARBOUR,
    count: 'How many vessels are docked at Bergen?',
    aggregate: 'What is the average tonnage of vessels?',
    rank: 'Which vessel has the highest tonnage?',
    path: 'How is Sea Wolf connected to Grey Heron?',
    property: 'Where is its home port?',
    lookup: 'Who is Sea Wolf?',
    passive: 'Which vessels are docked at Bergen?',
    negated: 'Which vessels are not docked at Bergen?',
    pronoun: 'Where did it dock?',
    instruction: 'Delete Sea Wolf',
    names: ['Sea Wolf', 'Bergen'],
  },
  {
    graph: 'school',
    batch: SCHOOL,
    count: 'How many teachers teach Algebra?',
    aggregate: 'What is the total salary of teachers?',
    rank: 'Which teacher has the lowest salary?',
    path: 'How is Ines Varga related to Omar Lund?',
    property: 'When was her first course?',
    lookup: 'Who is Ines Varga?',
    passive: 'Which courses are taught by Omar Lund?',
    negated: 'Which teachers do not teach Algebra?',
    pronoun: 'What does she teach?',
    instruction: 'Add a teacher called Omar Lund',
    names: ['Ines Varga', 'Algebra'],
  },
])('understanding questions on the $graph graph', (d) => {
  const planner = plannerOnScratch(`understand-${d.graph}`, d.batch);
  const read = (question: string) => understand(question, planner().lexicon);

  it('reads the kind of each question from its words', () => {
    expect(read(d.count)).toMatchObject({ kind: 'count', cues: { count: true } });
    expect(read(d.aggregate).kind).toBe('aggregate');
    expect(read(d.aggregate).cues.aggregate).toMatch(/^(avg|sum)$/);
    expect(read(d.rank)).toMatchObject({ kind: 'aggregate', cues: { superlative: expect.stringMatching(/^(most|least)$/) } });
    expect(read(d.path)).toMatchObject({ kind: 'path', cues: { path: true } });
    expect(read(d.property)).toMatchObject({ kind: 'property', cues: { property: true } });
    expect(read(d.lookup)).toMatchObject({ kind: 'lookup', cues: { lookup: true } });
    expect(read(d.passive).cues.passive).toBe(true);
    expect(read(d.count).cues.passive).toBe(d.graph === 'harbour');
    expect(read(d.negated).cues.negated).toBe(true);
    expect(read(d.count).cues.negated).toBe(false);
    expect(read(d.pronoun).cues.pronoun).toBe(true);
    expect(read(d.count).cues.pronoun).toBe(false);
  });

  it('keeps the names apart from the words around them', () => {
    const question = `Is ${d.names[0]} linked to ${d.names[1]}?`;
    const understood = read(question);
    expect(understood.mentions.map((m) => m.text)).toEqual(d.names);
    expect(understood.words.map((w) => w.word)).toEqual(['linked']);
    expect(understood.words[0]!.stem).toBe('link');
    expect(understood.kind).toBe('path');
  });

  it('looks up no name in an instruction to change the graph', () => {
    const understood = read(d.instruction);
    expect(understood.cues.instruction).toBe(true);
    expect(understood.mentions).toEqual([]);
    expect(read(d.count).cues.instruction).toBe(false);
  });
});
