/**
 * The matcher's table: templates (question, the Cypher a curator approves, its slots) and
 * questions that must or must not match them. Used by the pure alignment tests and by the
 * whole-service test that approves these templates and matches through the index.
 */
/**
 * The movie deployment's synonyms, as its curators would add them (the matcher knows no domain:
 * without these a film is not a movie).
 */
export const MOVIE_SYNONYMS = [
  { word: 'film', stands_for: 'Movie', kind: 'label' },
  { word: 'star', stands_for: 'ACTED_IN', kind: 'relationship' },
  { word: 'appear', stands_for: 'ACTED_IN', kind: 'relationship' },
  { word: 'play', stands_for: 'ACTED_IN', kind: 'relationship' },
  { word: 'director', stands_for: 'DIRECTED', kind: 'relationship' },
] as const;

export const TEMPLATE_SOURCES = {
  actedIn: {
    question: 'What movies did Tom Hanks act in?',
    cypher: "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title",
    slots: [{ name: 'name', value: 'Tom Hanks' }],
  },
  directedBy: {
    question: 'Who directed The Matrix?',
    cypher: "MATCH (p:Person)-[:DIRECTED]->(m:Movie {title: 'The Matrix'}) RETURN p.name AS name",
    slots: [{ name: 'title', value: 'The Matrix' }],
  },
  countActed: {
    question: 'How many movies did Tom Hanks act in?',
    cypher: "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN count(m) AS movies",
    slots: [{ name: 'name', value: 'Tom Hanks' }],
  },
  actedAfter: {
    question: 'Which movies released after 1995 did Tom Hanks act in?',
    cypher: "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) WHERE m.released > 1995 RETURN m.title AS title",
    slots: [
      { name: 'released', value: '1995' },
      { name: 'name', value: 'Tom Hanks' },
    ],
  },
  releaseYear: {
    question: 'In which year was The Matrix released?',
    cypher: "MATCH (m:Movie {title: 'The Matrix'}) RETURN m.released AS year",
    slots: [{ name: 'title', value: 'The Matrix' }],
  },
  castOf: {
    question: 'Who acted in The Matrix?',
    cypher: "MATCH (p:Person)-[:ACTED_IN]->(m:Movie {title: 'The Matrix'}) RETURN p.name AS name",
    slots: [{ name: 'title', value: 'The Matrix' }],
  },
  directedMovies: {
    question: 'Which movies did Lana Wachowski direct?',
    cypher: "MATCH (p:Person {name: 'Lana Wachowski'})-[:DIRECTED]->(m:Movie) RETURN m.title AS title",
    slots: [{ name: 'name', value: 'Lana Wachowski' }],
  },
  // LIMIT 5 stays in the Cypher, so "5" is a word of the question, not a slot.
  topRecent: {
    question: 'What are the five most recent movies?',
    cypher: 'MATCH (m:Movie) RETURN m.title AS title ORDER BY m.released DESC LIMIT 5',
    slots: [],
  },
  coActors: {
    question: 'Who acted with Tom Hanks in Cast Away?',
    cypher:
      "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie {title: 'Cast Away'})<-[:ACTED_IN]-(c:Person) RETURN c.name AS name",
    slots: [
      { name: 'name', value: 'Tom Hanks' },
      { name: 'title', value: 'Cast Away' },
    ],
  },
};
export type TemplateName = keyof typeof TEMPLATE_SOURCES;

export type Case = [TemplateName, string, Record<string, string> | null];

export const MATCH_CASES: Case[] = [
  // Paraphrases with other values: must match, with the values from the question.
  ['actedIn', 'What movies did Tom Hanks act in?', { name: 'Tom Hanks' }],
  ['actedIn', 'Which films did Meg Ryan act in?', { name: 'Meg Ryan' }],
  ['actedIn', 'What are the movies that Keanu Reeves acted in', { name: 'Keanu Reeves' }],
  ['actedIn', 'which movies did meg ryan act in', { name: 'meg ryan' }],
  ['actedIn', 'List the movies Tom Cruise acted in.', { name: 'Tom Cruise' }],
  ['actedIn', 'What films has Charlize Theron appeared in?', { name: 'Charlize Theron' }],
  ['actedIn', 'Which movies did Hugo Weaving ever star in?', { name: 'Hugo Weaving' }],
  ['actedIn', 'In which films did Jack Nicholson play?', { name: 'Jack Nicholson' }],
  ['actedIn', 'What movies did Carrie-Anne Moss act in?', { name: 'Carrie-Anne Moss' }],
  ['actedIn', "What movies did Conan O'Brien act in?", { name: "Conan O'Brien" }],
  ['actedIn', 'WHAT MOVIES DID Tom Hanks ACT IN', { name: 'Tom Hanks' }],
  ['actedIn', 'What Movies Did Tom Hanks Act In?', { name: 'Tom Hanks' }],
  ['actedIn', 'What movies did Tom Hanks act in, please?', { name: 'Tom Hanks' }],
  ['directedBy', 'Who directed Cloud Atlas?', { title: 'Cloud Atlas' }],
  ['directedBy', 'Who is the director of The Matrix Reloaded?', { title: 'The Matrix Reloaded' }],
  ['directedBy', 'Who directed "When Harry Met Sally"?', { title: 'When Harry Met Sally' }],
  ['directedBy', 'Who directed Top Gun', { title: 'Top Gun' }],
  ['countActed', 'How many films did Meg Ryan act in?', { name: 'Meg Ryan' }],
  ['countActed', 'What is the number of movies Keanu Reeves acted in?', { name: 'Keanu Reeves' }],
  ['actedAfter', 'Which films released after 2000 did Meg Ryan act in?', { released: '2000', name: 'Meg Ryan' }],
  ['actedAfter', 'What movies released after 1990 did Tom Cruise star in?', { released: '1990', name: 'Tom Cruise' }],
  ['releaseYear', 'What year was Top Gun released?', { title: 'Top Gun' }],
  ['castOf', 'Who starred in The Da Vinci Code?', { title: 'The Da Vinci Code' }],
  ['directedMovies', 'What movies did Ron Howard direct?', { name: 'Ron Howard' }],
  ['coActors', 'Who acted with Meg Ryan in Sleepless in Seattle?', { name: 'Meg Ryan', title: 'Sleepless in Seattle' }],
  ['topRecent', 'What are the five most recent films?', {}],

  // Questions that only share words: must not match.
  ['actedIn', 'Which movies did Tom Hanks NOT act in?', null],
  ['actedIn', "Which movies didn't Tom Hanks act in?", null],
  ['actedIn', 'Which movies did Tom Hanks never act in?', null],
  ['actedIn', 'Did Tom Hanks direct any movies?', null],
  ['actedIn', 'How many movies did Tom Hanks act in?', null],
  ['actedIn', 'What movies did Tom Hanks direct?', null],
  ['actedIn', 'Which movies did Tom Hanks write?', null],
  ['actedIn', 'What movies did Tom Hanks act in before 2000?', null],
  ['actedIn', 'Which movies without Tom Hanks did Meg Ryan act in?', null],
  ['actedIn', 'What comedy movies did Tom Hanks act in?', null],
  ['actedIn', 'Who acted in Cast Away?', null],
  ['actedIn', 'What movies did act in?', null],
  ['actedIn', 'What movies did the director of Cloud Atlas act in?', null],
  ['actedIn', 'What is the weather in Paris?', null],
  ['directedBy', 'Who acted in The Matrix?', null],
  ['directedBy', 'Who directed movies with Tom Hanks?', null],
  ['directedBy', 'Who directed the first movie Tom Hanks acted in?', null],
  ['countActed', 'What movies did Tom Hanks act in?', null],
  ['countActed', 'How many people acted in The Matrix?', null],
  ['actedAfter', 'Which movies released before 1995 did Tom Hanks act in?', null],
  ['actedAfter', 'Which movies released after Tom Hanks did Meg Ryan act in?', null],
  ['actedAfter', 'What movies did Tom Hanks act in?', null],
  ['releaseYear', 'Who directed The Matrix?', null],
  ['castOf', 'Who directed The Matrix?', null],
  ['directedMovies', 'What movies did Ron Howard act in?', null],
  ['coActors', 'Who acted in Cast Away?', null],
  ['coActors', 'Who acted with Meg Ryan Cast Away?', null],
  ['actedIn', 'What movies did Tom Hanks and Meg Ryan act in?', null],
  ['actedIn', 'what movies did tom hanks, meg ryan act in', null],
  ['directedBy', 'Who directed Cloud Atlas and Top Gun?', null],
  ['topRecent', 'What are the 10 most recent movies?', null],
  ['topRecent', 'What are the 5 oldest movies?', null],
];
