import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode, plannerOnScratch } from '../support/planner.js';

/**
 * "Who is the head cook?": a recurring value says what kind of thing "who" is (the things
 * holding it), and a value said in the plural ("night porters") is the value. Before, "who" had
 * no kind and the plural named nothing. Each on two small invented graphs.
 */
const node = graphNode;

const CREW: UpsertBatch = {
  nodes: [
    node('k:1', 'Clerk', { name: 'Mira Holt', role: 'Head Cook' }),
    node('k:2', 'Clerk', { name: 'Per Aas', role: 'Night Porter' }),
    node('k:3', 'Clerk', { name: 'Ola Vik', role: 'Night Porter' }),
    node('s:1', 'Shop', { name: 'Quay Road', kind: 'Bakery' }),
  ],
  relationships: [{ fromKey: 'k:1', type: 'WORKS_AT', toKey: 's:1' }],
};

const WARD: UpsertBatch = {
  nodes: [
    node('n:1', 'Carer', { name: 'Ines Varga', grade: 'Charge Nurse' }),
    node('n:2', 'Carer', { name: 'Tor Lunde', grade: 'Staff Nurse' }),
    node('n:3', 'Carer', { name: 'Lise Moe', grade: 'Staff Nurse' }),
    node('w:1', 'Ward', { name: 'Birch Ward' }),
  ],
  relationships: [{ fromKey: 'n:1', type: 'LEADS', toKey: 'w:1' }],
};

const cases: [string, UpsertBatch, [string, string[]][]][] = [
  ['crew', CREW, [['Who is the head cook?', ['Mira Holt']], ['Who are the night porters?', ['Ola Vik', 'Per Aas']], ['Which clerks are night porters?', ['Ola Vik', 'Per Aas']]]],
  ['ward', WARD, [['Who is the charge nurse?', ['Ines Varga']], ['Which carers are staff nurses?', ['Lise Moe', 'Tor Lunde']]]],
];

describe.each(cases)('who, by a value (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`whobyvalue${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect(firstValues(answer).map(String), answer.cypher).toEqual(expected);
  });
});
