import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode, graphRel, plannerOnScratch } from '../support/planner.js';

/**
 * Questions that name the schema as it is written, and values that are lists, each read on two
 * small invented graphs: "the APPEARED_IN relationship", "'CREWED' relationships" and "Vessel
 * nodes" are those names (the noun of the part adds nothing); "the most parts", where each thing
 * ranked has several lists of them, is counted as the person asking chooses: every item listed,
 * or the relationships that list any ("the most parts in total" says which); "the most distinct parts" is refused (different
 * items, or different lists?), as is a count the question asks for but nothing in it says of what; an
 * aggregate that ranks is said with its value ("the lowest average score: … (6.5)"); values a
 * list asks for are said beside each name ("Ines Varga (parts Ferryman, Ghost, Clerk)"). A light verb
 * with such a property only says the relationship holds ("Which parts did Ines Varga play?", "the
 * duties performed by sailors"): the property's relationship is the one read.
 */

const node = graphNode;
const rel = graphRel;

const STAGE: UpsertBatch = {
  nodes: [
    node('p:1', 'Person', { name: 'Ines Varga' }),
    node('p:2', 'Person', { name: 'Tor Lunde' }),
    node('p:3', 'Person', { name: 'Mira Holt' }),
    node('s:1', 'Show', { title: 'Salt Hymns', genre: 'drama' }),
    node('s:2', 'Show', { title: 'Night Ferry', genre: 'farce' }),
  ],
  relationships: [
    rel('p:1', 'APPEARED_IN', 's:1', { parts: ['Ferryman', 'Ghost', 'Clerk'] }),
    rel('p:1', 'APPEARED_IN', 's:2', { parts: ['Ferryman'] }),
    rel('p:2', 'APPEARED_IN', 's:1', { parts: ['Widow'] }),
    rel('p:2', 'APPEARED_IN', 's:2', { parts: ['Pilot'] }),
    rel('p:2', 'RATED', 's:1', { score: 9 }),
    rel('p:3', 'RATED', 's:1', { score: 4 }),
    rel('p:3', 'RATED', 's:2', { score: 8 }),
  ],
};

const HARBOUR: UpsertBatch = {
  nodes: [
    node('c:1', 'Sailor', { name: 'Ada Moreau' }),
    node('c:2', 'Sailor', { name: 'Bo Lind' }),
    node('c:3', 'Sailor', { name: 'Cy Okafor' }),
    node('v:1', 'Vessel', { name: 'Kestrel', port: 'Oban' }),
    node('v:2', 'Vessel', { name: 'Marlin', port: 'Wick' }),
  ],
  relationships: [
    rel('c:1', 'CREWED', 'v:1', { duties: ['deck'] }),
    rel('c:2', 'CREWED', 'v:1', { duties: ['galley', 'deck', 'watch', 'nets'] }),
    rel('c:2', 'CREWED', 'v:2', { duties: ['watch'] }),
    rel('c:3', 'CREWED', 'v:2', { duties: ['helm', 'deck'] }),
    rel('c:1', 'INSPECTED', 'v:1', { grade: 7 }),
    rel('c:3', 'INSPECTED', 'v:1', { grade: 6 }),
    rel('c:3', 'INSPECTED', 'v:2', { grade: 3 }),
  ],
};

type Case = { question: string; first?: string[]; text?: RegExp; refused?: RegExp; chosen?: string[] };

const cases: [string, UpsertBatch, Case[]][] = [
  [
    'stage',
    STAGE,
    [
      { question: 'Which show has the lowest average score in the RATED relationship?', first: ['Salt Hymns'], text: /lowest average score \(6\.5\)/ },
      { question: 'Which shows have a score above 5 in the RATED relationship?', first: ['Night Ferry', 'Salt Hymns'] },
      { question: 'Who is in the APPEARED_IN relationship with Night Ferry?', first: ['Ines Varga', 'Tor Lunde'] },
      { question: 'Which person played the most parts?', refused: /^parts are listed on each “appeared in” of people: should I count every one listed, or the shows with parts\?$/ },
      { question: 'Which person played the most parts?', chosen: ['list-count:items:APPEARED_IN.parts'], first: ['Ines Varga'], text: /Ines Varga has the most parts \(4\)/ },
      { question: 'Which person played the most parts in total?', first: ['Ines Varga'], text: /Ines Varga has the most parts \(4\)/ },
      { question: 'List the top 1 show by the number of parts in the APPEARED_IN relationship.', chosen: ['list-count:items:APPEARED_IN.parts'], first: ['Salt Hymns'], text: /Salt Hymns has the most parts \(4\)/ },
      // Both shows have two people with parts: a tie at the top, both listed.
      { question: 'List the top 1 show by the number of parts in the APPEARED_IN relationship.', chosen: ['list-count:holders:APPEARED_IN.parts'], first: ['Night Ferry', 'Salt Hymns'], text: /^The 2 shows with the most people with parts: Night Ferry \(2\) and Salt Hymns \(2\)\. They tie at 2\.$/ },
      { question: 'Which person played the most distinct parts?', refused: /ranks by/ },
      { question: 'What parts did people have in Salt Hymns?', first: ['Ines Varga', 'Tor Lunde'], text: /Ines Varga \(parts Ferryman, Ghost, Clerk\) and Tor Lunde \(parts Widow\)/ },
      { question: 'Which 2 people played the most parts?', chosen: ['list-count:holders:APPEARED_IN.parts'], first: ['Ines Varga', 'Tor Lunde'], text: /^The 2 people with the most shows with parts: Ines Varga \(2\) and Tor Lunde \(2\)\.$/ },
      { question: 'Which parts did Ines Varga play?', text: /^The parts where Ines Varga appeared in a show are Ferryman, Ghost, Clerk and Ferryman\.$/ },
      { question: 'What are the parts played by people in Night Ferry?', first: ['Ines Varga', 'Tor Lunde'], text: /^2 people appeared in Night Ferry: Ines Varga \(parts Ferryman\) and Tor Lunde \(parts Pilot\)\.$/ },
      { question: 'List the top 1 show by the number of genres.', refused: /number of/ },
      // A capitalized plural of a label is that label, not a name to look up.
      { question: 'How many Persons are there?', text: /^There are 3 people\.$/ },
      { question: 'Which Shows are there?', first: ['Night Ferry', 'Salt Hymns'] },
      // A property's own key, quoted as the schema writes it.
      { question: "What is the 'genre' of Night Ferry?", text: /^The genre of Night Ferry is farce\.$/ },
    ],
  ],
  [
    'harbour',
    HARBOUR,
    [
      { question: 'Which vessel has the lowest average grade in the INSPECTED relationship?', first: ['Marlin'] },
      { question: "Which vessels have a grade below 5 in 'INSPECTED' relationships?", first: ['Marlin'] },
      { question: 'Which Vessel nodes did Bo Lind crew?', first: ['Kestrel', 'Marlin'] },
      { question: 'Which sailor has the most duties in the CREWED relationship?', refused: /^duties are listed on each “crewed” of sailors: should I count every one listed, or the vessels with duties\?$/ },
      { question: 'Which sailor has the most duties in the CREWED relationship?', chosen: ['list-count:items:CREWED.duties'], first: ['Bo Lind'], text: /Bo Lind has the most duties \(5\)/ },
      { question: 'Which sailor has the most duties in the CREWED relationship?', chosen: ['list-count:holders:CREWED.duties'], first: ['Bo Lind'], text: /^Bo Lind has the most vessels with duties \(2\)\.$/ },
      { question: 'Which 2 vessels have the most combined duties?', first: ['Kestrel', 'Marlin'], text: /^The 2 vessels with the most duties: Kestrel \(5\) and Marlin \(3\)\.$/ },
      { question: 'Which vessel has the highest average grade in the INSPECTED relationship?', first: ['Kestrel'], text: /highest average grade \(6\.5\)/ },
      { question: 'Which sailor has the most different duties in the CREWED relationship?', refused: /ranks by/ },
      { question: 'Which duties did Cy Okafor perform?', text: /^The duties where Cy Okafor crewed a vessel are helm, deck\.$/ },
      { question: 'What are the duties performed by sailors who crewed Kestrel?', first: ['Ada Moreau', 'Bo Lind'], text: /Ada Moreau \(duties deck\) and Bo Lind \(duties galley, deck, watch, nets\)/ },
      { question: 'What duties did the sailors who crewed Marlin have?', first: ['Bo Lind', 'Cy Okafor'], text: /Bo Lind \(duties watch\) and Cy Okafor \(duties helm, deck\)/ },
      { question: 'List the top 1 vessel by the number of ports.', refused: /number of/ },
      { question: 'How many Vessels are there?', text: /^There are 2 vessels\.$/ },
      { question: "What is the 'port' of Kestrel?", text: /^The port of Kestrel is Oban\.$/ },
      { question: 'List the Sailors.', first: ['Ada Moreau', 'Bo Lind', 'Cy Okafor'] },
    ],
  ],
];

describe.each(cases)('schema words and lists (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`schemawords${name}`, batch);

  it.each(questions)('$question $chosen', async ({ question, first, text, refused, chosen }) => {
    const answer = await planner().ask(question, undefined, chosen);
    if (refused) {
      expect(answer.cypher, answer.cypher).toBeUndefined();
      expect(answer.reading.ok ? '' : answer.reading.reason).toMatch(refused);
      return;
    }
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    if (first) expect(answer.rows.map((r) => String(Object.values(r)[0])).sort(), answer.cypher).toEqual(first);
    if (text) expect(answer.text).toMatch(text);
  });
});
