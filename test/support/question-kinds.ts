/**
 * The question corpus of the kinds the planner learned to read (negation, numbers as values,
 * comparisons, relationship properties, the passive voice and rankings, words unlike the
 * schema, longer paths, questions the graph cannot answer, instructions), over the demo graph.
 * Each question carries the Cypher that computes its expected values inside the test (never
 * values written by hand), or the refusal it must get. Names are chosen here from the demo
 * data so the table is fixed when the test collects it.
 */

export type KindExpectation =
  /** The first column of the answer, as a set, equals the first column of this query. */
  | { verify: string }
  /** The first row's `value`/`other_value` come from this query; the answer says yes or no. */
  | { compare: string; more: boolean }
  /** Not answered from the graph: the answer says it cannot (out of scope, instruction). */
  | { refusal: RegExp };

export interface KindQuestion {
  kind: string;
  question: string;
  expected: KindExpectation;
}

const COMPANIES = ['Nimbus Labs', 'Orbital Systems', 'Bluefin Analytics', 'Cedar Robotics', 'Saffron Works', 'Tidewater AI', 'Evergreen Cloud', 'Delta Grid'];
const CITIES = ['Berlin', 'Tokyo', 'Toronto', 'Paris', 'Bangalore', 'Seattle'];
const TECHNOLOGIES = ['Rust', 'Python', 'PostgreSQL', 'React', 'Redis'];
const PAPERS = ['Elastic Consensus for Geo-Distributed Stores', 'Learned Index Structures for Time Series', 'Provenance Tracking for Streaming Pipelines', 'Differential Privacy for Telemetry'];
const YEARS = [2015, 2018, 2020, 2022];
const q = (text: string) => text.replace(/'/g, "\\'");

const questions: KindQuestion[] = [];
const add = (kind: string, question: string, expected: KindExpectation) => questions.push({ kind, question, expected });

// Negation: what lacks the relationship, with and without a named thing.
add('negation', 'Which people do not work at any company?', { verify: 'MATCH (p:Person) WHERE NOT (p)-[:WORKS_AT]->(:Company) RETURN p.name AS name' });
add('negation', 'How many people do not work at any company?', { verify: 'MATCH (p:Person) WHERE NOT (p)-[:WORKS_AT]->(:Company) RETURN count(p) AS n' });
add('negation', 'Which projects do not use any technology?', { verify: 'MATCH (p:Project) WHERE NOT (p)-[:USES]->(:Technology) RETURN p.name AS name' });
add('negation', 'Which papers do not cite any paper?', { verify: 'MATCH (p:Paper) WHERE NOT (p)-[:CITES]->(:Paper) RETURN p.name AS name' });
for (const tech of TECHNOLOGIES) {
  add('negation', `Which projects do not use ${tech}?`, { verify: `MATCH (p:Project) WHERE NOT (p)-[:USES]->(:Technology {name: '${q(tech)}'}) RETURN p.name AS name` });
}
for (const city of CITIES.slice(0, 4)) {
  add('negation', `How many people do not live in ${city}?`, { verify: `MATCH (p:Person) WHERE NOT (p)-[:LIVES_IN]->(:City {name: '${q(city)}'}) RETURN count(p) AS n` });
}

// Numbers, years and ranges are values.
for (const year of YEARS) {
  add('numbers', `Which papers were published after ${year}?`, { verify: `MATCH (p:Paper) WHERE p.year > ${year} RETURN p.name AS name` });
  add('numbers', `Which papers were published in ${year}?`, { verify: `MATCH (p:Paper) WHERE p.year = ${year} RETURN p.name AS name` });
  add('numbers', `Which projects were released before ${year}?`, { verify: `MATCH (p:Project) WHERE p.released < ${year} RETURN p.name AS name` });
  add('numbers', `How many companies were founded after ${year - 10}?`, { verify: `MATCH (c:Company) WHERE c.founded > ${year - 10} RETURN count(c) AS n` });
}
for (const [low, high] of [[100, 500], [500, 1500], [1000, 5000]] as const) {
  add('numbers', `Which companies have between ${low} and ${high} employees?`, { verify: `MATCH (c:Company) WHERE c.employees >= ${low} AND c.employees <= ${high} RETURN c.name AS name` });
}
for (const stars of [1000, 5000, 10000]) {
  add('numbers', `Which projects have more than ${stars} stars?`, { verify: `MATCH (p:Project) WHERE p.stars > ${stars} RETURN p.name AS name` });
  add('numbers', `How many projects have at least ${stars} stars?`, { verify: `MATCH (p:Project) WHERE p.stars >= ${stars} RETURN count(p) AS n` });
}
add('numbers', 'Which cities have a population above 3000000?', { verify: 'MATCH (c:City) WHERE c.population > 3000000 RETURN c.name AS name' });
add('numbers', 'Which people were born before 1980?', { verify: 'MATCH (p:Person) WHERE p.born < 1980 RETURN p.name AS name' });

// Comparison of two named things, by a value or by how many related things.
for (let i = 0; i + 1 < COMPANIES.length; i++) {
  const [a, b] = [COMPANIES[i]!, COMPANIES[i + 1]!];
  const both = `MATCH (a:Company {name: '${q(a)}'}), (b:Company {name: '${q(b)}'})`;
  add('comparison', `Does ${a} have more employees than ${b}?`, { compare: `${both} RETURN a.employees AS value, b.employees AS other_value`, more: true });
  if (i % 2 === 0) add('comparison', `Does ${a} have fewer employees than ${b}?`, { compare: `${both} RETURN a.employees AS value, b.employees AS other_value`, more: false });
}

// Values of a relationship's property.
for (const company of COMPANIES) {
  add('relationship property', `Who is the CEO of ${company}?`, { verify: `MATCH (p:Person)-[w:WORKS_AT]->(:Company {name: '${q(company)}'}) WHERE toLower(w.role) = 'ceo' RETURN p.name AS name` });
}
for (const company of COMPANIES.slice(0, 4)) {
  add('relationship property', `Which engineers work at ${company}?`, { verify: `MATCH (p:Person)-[w:WORKS_AT]->(:Company {name: '${q(company)}'}) WHERE toLower(w.role) = 'engineer' RETURN p.name AS name` });
}

// Passive voice and rankings: direction comes from the voice.
/** Every thing matched as `p` with the most `o` (all of them when several tie at the top, as the answer lists them). */
const mostOf = (pattern: string) =>
  `MATCH ${pattern} WITH p, count(DISTINCT o) AS n WITH collect({ name: p.name, n: n }) AS all, max(n) AS top UNWIND all AS x WITH x, top WHERE x.n = top RETURN x.name AS name`;
add('passive and ranking', 'Which paper is cited the most?', { verify: mostOf('(p:Paper)<-[:CITES]-(o:Paper)') });
add('passive and ranking', 'Which paper has the most citations?', { verify: mostOf('(p:Paper)<-[:CITES]-(o:Paper)') });
add('passive and ranking', 'Which paper cites the most papers?', { verify: mostOf('(p:Paper)-[:CITES]->(o:Paper)') });
add('passive and ranking', 'Which company maintains the most projects?', { verify: mostOf('(p:Company)-[:MAINTAINS]->(o:Project)') });
for (const company of COMPANIES.slice(0, 5)) {
  add('passive and ranking', `Which projects are maintained by ${company}?`, { verify: `MATCH (:Company {name: '${q(company)}'})-[:MAINTAINS]->(p:Project) RETURN p.name AS name` });
}
for (const paper of PAPERS) {
  add('passive and ranking', `Which papers is ${paper} cited by?`, { verify: `MATCH (p:Paper)-[:CITES]->(:Paper {name: '${q(paper)}'}) RETURN p.name AS name` });
}

// Words unlike the schema's names.
for (const paper of PAPERS) {
  add('synonyms', `Who wrote ${paper}?`, { verify: `MATCH (p:Person)-[:AUTHORED]->(:Paper {name: '${q(paper)}'}) RETURN p.name AS name` });
  add('synonyms', `When was ${paper} published?`, { verify: `MATCH (p:Paper {name: '${q(paper)}'}) RETURN p.year AS year` });
}
for (const person of ['Maya Patel']) {
  add('synonyms', `How many papers did ${person} write?`, { verify: `MATCH (:Person {name: '${q(person)}'})-[:AUTHORED]->(p:Paper) RETURN count(p) AS n` });
  add('synonyms', `Which papers were written by ${person}?`, { verify: `MATCH (:Person {name: '${q(person)}'})-[:AUTHORED]->(p:Paper) RETURN p.name AS name` });
}
for (const company of COMPANIES.slice(0, 4)) {
  add('synonyms', `Who is employed by ${company}?`, { verify: `MATCH (p:Person)-[:WORKS_AT]->(:Company {name: '${q(company)}'}) RETURN p.name AS name` });
  add('synonyms', `Which projects does ${company} develop?`, { verify: `MATCH (:Company {name: '${q(company)}'})-[:MAINTAINS]->(p:Project) RETURN p.name AS name` });
}

// Longer paths: every relationship the question names.
for (const company of COMPANIES.slice(0, 6)) {
  add('longer paths', `Which cities do people who work at ${company} live in?`, {
    verify: `MATCH (c:City)<-[:LIVES_IN]-(:Person)-[:WORKS_AT]->(:Company {name: '${q(company)}'}) RETURN DISTINCT c.name AS name`,
  });
  add('longer paths', `Which technologies are used by the projects that people at ${company} contribute to?`, {
    verify: `MATCH (t:Technology)<-[:USES]-(:Project)<-[:CONTRIBUTES_TO]-(:Person)-[:WORKS_AT]->(:Company {name: '${q(company)}'}) RETURN DISTINCT t.name AS name`,
  });
}
for (const company of COMPANIES.slice(0, 3)) {
  add('longer paths', `Which countries are the cities in where people who work at ${company} live?`, {
    verify: `MATCH (k:Country)<-[:LOCATED_IN]-(:City)<-[:LIVES_IN]-(:Person)-[:WORKS_AT]->(:Company {name: '${q(company)}'}) RETURN DISTINCT k.name AS name`,
  });
}

// Questions the graph cannot answer, and instructions: said as such.
for (const question of [
  "What's the weather in Paris?",
  'What is the stock price of Nimbus Labs?',
  'Which researchers have an h-index above 35?',
  'Which department has the most people?',
  'What is the salary of Maya Patel?',
  'How tall is Maya Patel?',
]) {
  add('out of scope', question, { refusal: /can’t answer that from the knowledge graph/ });
}
for (const question of ['Delete all people who work at Nimbus Labs.', 'Add a company called Acme.', 'Remove the project Stratus.']) {
  add('instruction', question, { refusal: /can’t change it/ });
}

export const KIND_QUESTIONS: readonly KindQuestion[] = questions;
