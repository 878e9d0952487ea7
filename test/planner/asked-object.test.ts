import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, plannerOnScratch } from '../support/planner.js';

/**
 * "What do docked vessels carry?": after "what/who + do", the words name the verb's subject and
 * what is asked is what the verb reaches, whether the subject is named ("What does Sea Wolf
 * carry?") or described by a condition. Answering with the subject itself would be confidently
 * wrong. Each on two small graphs of invented domains; the counter-cases keep their focus.
 */
const node = (key: string, label: string, properties: Record<string, string | number>) => ({ key, labels: [label], properties });

const SHIPPING: UpsertBatch = {
  nodes: [
    node('v:1', 'Vessel', { name: 'Sea Wolf', flag: 'Norway', status: 'active' }),
    node('v:2', 'Vessel', { name: 'Blue Heron', flag: 'Panama', status: 'docked' }),
    node('c:1', 'Cargo', { name: 'Copper Ore' }),
    node('c:2', 'Cargo', { name: 'Wheat' }),
  ],
  relationships: [
    { fromKey: 'v:1', type: 'CARRIES', toKey: 'c:1' },
    { fromKey: 'v:2', type: 'CARRIES', toKey: 'c:2' },
  ],
};

const SCHOOL: UpsertBatch = {
  nodes: [
    node('t:1', 'Teacher', { name: 'Ines Duarte', department: 'Science', years: 12 }),
    node('t:2', 'Teacher', { name: 'Karl Weber', department: 'Languages', years: 3 }),
    node('k:1', 'Course', { name: 'Organic Chemistry' }),
    node('k:2', 'Course', { name: 'Italian II' }),
    node('k:3', 'Course', { name: 'Field Biology' }),
  ],
  relationships: [
    { fromKey: 't:1', type: 'TEACHES', toKey: 'k:1' },
    { fromKey: 't:1', type: 'TEACHES', toKey: 'k:3' },
    { fromKey: 't:2', type: 'TEACHES', toKey: 'k:2' },
  ],
};

const cases: [string, UpsertBatch, [string, string[]][]][] = [
  [
    'shipping',
    SHIPPING,
    [
      ['What do docked vessels carry?', ['Wheat']],
      ['What does the vessel flagged in Norway carry?', ['Copper Ore']],
      ['What do vessels from Panama carry?', ['Wheat']],
      ['What does Sea Wolf carry?', ['Copper Ore']],
      ['What cargo do active vessels carry?', ['Copper Ore']],
      ['What vessels carry wheat?', ['Blue Heron']],
    ],
  ],
  [
    'school',
    SCHOOL,
    [
      ['What do teachers in the Science department teach?', ['Field Biology', 'Organic Chemistry']],
      ['What does the teacher in Languages teach?', ['Italian II']],
      ['What does Karl Weber teach?', ['Italian II']],
      ['Which teachers teach Italian II?', ['Karl Weber']],
    ],
  ],
];

describe.each(cases)('what the verb reaches (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`asked${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect(firstValues(answer), answer.cypher).toEqual(expected);
  });
});
