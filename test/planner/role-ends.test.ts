import { describe, expect, it } from 'vitest';
import { NAMING_VERBS } from '../../src/planner/read/cues.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode, graphRel, plannerOnScratch } from '../support/planner.js';

/**
 * A role noun ("inspectors", "composers") stands for those who do its relationship, and the thing
 * of the other label the question names apart is the far end of that same relationship:
 * "inspectors with the most ships" counts the ships they inspected, "pieces with more than one
 * composer" counts those pieces' composers, "the ships they inspected" lists them. Before, those
 * things stayed loose and the question asked which of the ways the two labels are joined was
 * meant. With it: "top 2 … by the number of …" ranks by that count (it is no second count);
 * "the ship called …" names the ship; and "people born before 1950 who …" is one person, not
 * two. Each on two small invented graphs, where two relationships join the same two labels.
 */
const node = graphNode;
const rel = graphRel;

const SHIPYARD: UpsertBatch = {
  nodes: [
    node('p:1', 'Person', { name: 'Ada Moreau', born: 1948 }),
    node('p:2', 'Person', { name: 'Bo Lind', born: 1965 }),
    node('p:3', 'Person', { name: 'Cy Okafor', born: 1972 }),
    node('p:4', 'Person', { name: 'Dee Park', born: 1939 }),
    node('s:1', 'Ship', { name: 'Morning Star', built: 1990 }),
    node('s:2', 'Ship', { name: 'Gull', built: 2001 }),
    node('s:3', 'Ship', { name: 'Tern', built: 2012 }),
  ],
  relationships: [
    rel('p:1', 'INSPECTED', 's:1'),
    rel('p:1', 'INSPECTED', 's:2'),
    rel('p:1', 'INSPECTED', 's:3'),
    rel('p:2', 'INSPECTED', 's:1'),
    rel('p:2', 'REPAIRED', 's:2'),
    rel('p:3', 'REPAIRED', 's:1'),
    rel('p:3', 'REPAIRED', 's:2'),
    rel('p:3', 'REPAIRED', 's:3'),
    rel('p:4', 'REPAIRED', 's:3'),
  ],
};

const CONCERTS: UpsertBatch = {
  nodes: [
    node('p:1', 'Person', { name: 'Ines Varga', born: 1946 }),
    node('p:2', 'Person', { name: 'Tor Lunde', born: 1968 }),
    node('p:3', 'Person', { name: 'Mira Holt', born: 1975 }),
    node('w:1', 'Piece', { name: 'Night Ferry', year: 1999 }),
    node('w:2', 'Piece', { name: 'Salt Hymn', year: 2008 }),
    node('w:3', 'Piece', { name: 'Low Tide', year: 2015 }),
  ],
  relationships: [
    rel('p:1', 'COMPOSED', 'w:1'),
    rel('p:2', 'COMPOSED', 'w:1'),
    rel('p:2', 'COMPOSED', 'w:2'),
    rel('p:3', 'COMPOSED', 'w:3'),
    rel('p:1', 'CONDUCTED', 'w:2'),
    rel('p:1', 'CONDUCTED', 'w:3'),
    rel('p:3', 'CONDUCTED', 'w:1'),
  ],
};

/** A question, the first column of its rows in order ('sorted' when only the set counts), and what its Cypher must hold. */
type Case = [string, { values: string[]; sorted?: boolean; cypher?: RegExp }];

const cases: [string, UpsertBatch, Case[]][] = [
  [
    'shipyard',
    SHIPYARD,
    [
      // The role's far end, named apart.
      ['Which inspector has the most ships?', { values: ['Ada Moreau'], cypher: /INSPECTED/ }],
      ['Which ships have more than one inspector?', { values: ['Morning Star'] }],
      ['List the repairers born before 1950 and the ships they repaired.', { values: ['Dee Park'], cypher: /REPAIRED/ }],
      // A count after "by" is what the ranking ranks by.
      ['Who are the top 2 inspectors by the number of ships they inspected?', { values: ['Ada Moreau', 'Bo Lind'] }],
      ['Who are the top 1 repairers by number of ships repaired?', { values: ['Cy Okafor'] }],
      // A naming verb between the kind and the name.
      ['Who inspected the ship called Tern?', { values: ['Ada Moreau'], sorted: true }],
      ['Who repaired the ship named Gull?', { values: ['Bo Lind', 'Cy Okafor'], sorted: true }],
      // "who" after the conditions on a thing is that thing.
      ['List the people born before 1950 who repaired a ship.', { values: ['Dee Park'], sorted: true }],
    ],
  ],
  [
    'concerts',
    CONCERTS,
    [
      ['Which composer has the most pieces?', { values: ['Tor Lunde'], cypher: /COMPOSED/ }],
      ['Which pieces have more than one composer?', { values: ['Night Ferry'] }],
      ['List the conductors born before 1950 and the pieces they conducted.', { values: ['Ines Varga'], cypher: /CONDUCTED/ }],
      ['Who are the top 1 conductors by the number of pieces they conducted?', { values: ['Ines Varga'] }],
      // Ines Varga and Mira Holt tie at second (1 piece each): both are listed, not the first by name.
      ['Who are the top 2 composers by number of pieces composed?', { values: ['Tor Lunde', 'Ines Varga', 'Mira Holt'] }],
      ['Who conducted the piece titled Night Ferry?', { values: ['Mira Holt'], sorted: true }],
      ['Who composed the piece called Low Tide?', { values: ['Mira Holt'], sorted: true }],
      ['List the people born after 1970 who conducted a piece.', { values: ['Mira Holt'], sorted: true }],
    ],
  ],
];

describe.each(cases)('role ends, rankings by a count, naming verbs and relative "who" (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`roleends${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    const values = answer.rows.map((r) => String(Object.values(r)[0]));
    expect(expected.sorted ? values.sort() : values, answer.cypher).toEqual(expected.values);
    if (expected.cypher) expect(answer.cypher).toMatch(expected.cypher);
  });
});

/** How many the question counted is said where it counted them; a decade is said once, and the value compared beside each name. */
const sentences: [string, UpsertBatch, [string, string][]][] = [
  [
    'shipyard',
    SHIPYARD,
    [
      ['Which ships have more than one inspector?', '1 ship that more than 1 person inspected: Morning Star.'],
      ['Which people repaired at least 2 ships?', '1 person that repaired at least 2 ships: Cy Okafor.'],
      ['List the people born in the 1960s who repaired a ship.', '1 person (born in the 1960s) that repaired a ship: Bo Lind (born 1965).'],
    ],
  ],
  [
    'concerts',
    CONCERTS,
    [
      ['Which pieces have more than one composer?', '1 piece that more than 1 person composed: Night Ferry.'],
      ['Which people conducted at least 2 pieces?', '1 person that conducted at least 2 pieces: Ines Varga.'],
      ['List the people born in the 1940s who composed a piece.', '1 person (born in the 1940s) that composed a piece: Ines Varga (born 1946).'],
    ],
  ],
];

describe.each(sentences)('the sentence of a counted condition (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`countedsentence${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    expect((await planner().ask(question)).text).toBe(expected);
  });
});

/** Every naming verb of the table (cues.ts), as a participle between a kind and its name, on both graphs. */
const PARTICIPLES: Record<string, string> = { call: 'called', name: 'named', title: 'titled', entitle: 'entitled', dub: 'dubbed', label: 'labelled' };

describe('naming verbs', () => {
  const shipyard = plannerOnScratch('namingshipyard', SHIPYARD);
  const concerts = plannerOnScratch('namingconcerts', CONCERTS);

  it('has a participle for every verb of the table', () => {
    expect(Object.keys(PARTICIPLES).sort()).toEqual([...NAMING_VERBS].sort());
  });

  it.each(Object.values(PARTICIPLES))('the ship %s …, the piece %s …', async (participle) => {
    const ship = await shipyard().ask(`Who inspected the ship ${participle} Tern?`);
    expect(ship.rows.map((r) => r.name), ship.cypher ?? JSON.stringify(ship.reading)).toEqual(['Ada Moreau']);
    const piece = await concerts().ask(`Who conducted the piece ${participle} Low Tide?`);
    expect(piece.rows.map((r) => r.name), piece.cypher ?? JSON.stringify(piece.reading)).toEqual(['Ines Varga']);
  });
});
