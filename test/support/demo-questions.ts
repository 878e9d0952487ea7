/**
 * Questions about the demo graph (src/demo/graph.ts) with their verified answers, for
 * testing the planner end to end. Each question is phrased so that a generic planner can map
 * it onto the graph's own schema: entity names exactly as in the data, labels as the label
 * word or its plural, relationships by the words of their type, properties by their key.
 *
 * `verify` is a read-only Cypher that computes `expected` from the demo graph
 * (test/demo/demo-data.test.ts runs every one):
 * - `values`: the first column, compared as an order-insensitive multiset;
 * - `value`: the first column of the one row (aggregates that name a winner return one row
 *   per winner, so a tie fails the check);
 * - `path`: one row per shortest path, its first column the node names along it (exactly one
 *   row: the shortest path is unique).
 *
 * None of these mention the ambiguous names ("Alex Kim", "Jordan Lee", "Mercury"), nor have
 * them in their answers; AMBIGUOUS_QUESTIONS does.
 */

export type ExpectedAnswer = { values: (string | number)[] } | { value: string | number } | { path: string[] };

export interface DemoQuestion {
  question: string;
  kind: 'lookup' | 'list' | 'count' | 'aggregate' | 'path' | 'property';
  expected: ExpectedAnswer;
  verify: string;
}

export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  // lookup
  {
    kind: 'lookup',
    question: 'Who is Maya Patel?',
    expected: { value: 'Maya Patel' },
    verify: "MATCH (p:Person {name: 'Maya Patel'}) RETURN p.name AS name",
  },
  {
    kind: 'lookup',
    question: 'Who is Viktor Lindqvist?',
    expected: { value: 'Viktor Lindqvist' },
    verify: "MATCH (p:Person {name: 'Viktor Lindqvist'}) RETURN p.name AS name",
  },
  {
    kind: 'lookup',
    question: 'What is Nimbus Labs?',
    expected: { value: 'Nimbus Labs' },
    verify: "MATCH (c:Company {name: 'Nimbus Labs'}) RETURN c.name AS name",
  },
  {
    kind: 'lookup',
    question: 'What is Stratus?',
    expected: { value: 'Stratus' },
    verify: "MATCH (p:Project {name: 'Stratus'}) RETURN p.name AS name",
  },
  {
    kind: 'lookup',
    question: 'Tell me about Tokyo.',
    expected: { value: 'Tokyo' },
    verify: "MATCH (c:City {name: 'Tokyo'}) RETURN c.name AS name",
  },
  {
    kind: 'lookup',
    question: 'What is Julia?',
    expected: { value: 'Julia' },
    verify: "MATCH (t:Technology {name: 'Julia'}) RETURN t.name AS name",
  },
  {
    kind: 'lookup',
    question: 'Show me the paper Language Models as Query Planners.',
    expected: { value: 'Language Models as Query Planners' },
    verify: "MATCH (p:Paper {name: 'Language Models as Query Planners'}) RETURN p.name AS name",
  },
  {
    kind: 'lookup',
    question: 'Tell me about Sweden.',
    expected: { value: 'Sweden' },
    verify: "MATCH (c:Country {name: 'Sweden'}) RETURN c.name AS name",
  },
  // list
  {
    kind: 'list',
    question: 'Which people work at Orbital Systems?',
    expected: { values: ['Dario Delacroix', 'Dario Kowalczyk', 'Dmitri Dufresne', 'Dmitri Hakimi', 'Hiro Galloway', 'Leandro Yamada', 'Oskar Petrenko', 'Priya Brennan', 'Sanjay Hakimi', 'Ugo Hakimi', 'Wren Abernathy', 'Ximena Lindgren'] },
    verify: "MATCH (p:Person)-[:WORKS_AT]->(:Company {name: 'Orbital Systems'}) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which projects use Rust?',
    expected: { values: ['Aster', 'Cirrus', 'Keel', 'Rivet', 'Stratus', 'Talon', 'Umbra', 'Zephyr'] },
    verify: "MATCH (p:Project)-[:USES]->(:Technology {name: 'Rust'}) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which papers cite Sparse Attention for Long Documents?',
    expected: { values: ['Contrastive Pretraining for Protein Folding', 'Energy-Aware Scheduling for Edge Clusters', 'Fault Injection at Planetary Scale', 'Language Models as Query Planners', 'Zero-Downtime Schema Migration'] },
    verify: "MATCH (p:Paper)-[:CITES]->(:Paper {name: 'Sparse Attention for Long Documents'}) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which companies are located in Berlin?',
    expected: { values: ['Amber Ledger', 'Nimbus Labs'] },
    verify: "MATCH (c:Company)-[:LOCATED_IN]->(:City {name: 'Berlin'}) RETURN c.name AS name",
  },
  {
    kind: 'list',
    question: 'Which cities are located in Canada?',
    expected: { values: ['Montreal', 'Toronto', 'Vancouver'] },
    verify: "MATCH (c:City)-[:LOCATED_IN]->(:Country {name: 'Canada'}) RETURN c.name AS name",
  },
  {
    kind: 'list',
    question: 'Which projects does Orbital Systems maintain?',
    expected: { values: ['Halyard', 'Lodestar', 'Sextant'] },
    verify: "MATCH (:Company {name: 'Orbital Systems'})-[:MAINTAINS]->(p:Project) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which people live in Tokyo?',
    expected: { values: ['Dmitri Dufresne', 'Esme Lindgren', 'Gideon Sato'] },
    verify: "MATCH (p:Person)-[:LIVES_IN]->(:City {name: 'Tokyo'}) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which papers has Mateo Fairbanks authored?',
    expected: { values: ['Consistent Snapshots in Serverless Workflows', 'Elastic Consensus for Geo-Distributed Stores', 'Reinforcement Learning for Battery Dispatch', 'Sparse Attention for Long Documents', 'Verified Parsers for Binary Formats'] },
    verify: "MATCH (:Person {name: 'Mateo Fairbanks'})-[:AUTHORED]->(p:Paper) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which people contributed to Lodestar?',
    expected: { values: ['Dario Delacroix', 'Dmitri Hakimi', 'Nikhil Kaplan', 'Oskar Petrenko', 'Quentin Lindgren', 'Valentin Dufresne', 'Valentin Mbeki', 'Wren Abernathy'] },
    verify: "MATCH (p:Person)-[:CONTRIBUTES_TO]->(:Project {name: 'Lodestar'}) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which technologies does Meridian use?',
    expected: { values: ['MongoDB', 'Python', 'PyTorch'] },
    verify: "MATCH (:Project {name: 'Meridian'})-[:USES]->(t:Technology) RETURN t.name AS name",
  },
  {
    kind: 'list',
    question: 'Which companies has Viktor Lindqvist founded?',
    expected: { values: ['Fjord Compute', 'Volta Mobility'] },
    verify: "MATCH (:Person {name: 'Viktor Lindqvist'})-[:FOUNDED]->(c:Company) RETURN c.name AS name",
  },
  {
    kind: 'list',
    question: 'Which people founded Kansai Photonics?',
    expected: { values: ['Dmitri Nakamura', 'Farid Galloway'] },
    verify: "MATCH (p:Person)-[:FOUNDED]->(:Company {name: 'Kansai Photonics'}) RETURN p.name AS name",
  },
  {
    kind: 'list',
    question: 'Which people does Sanjay Esposito manage?',
    expected: { values: ['Gideon Gunawardena', 'Hana Kaplan', 'Oskar Dufresne'] },
    verify: "MATCH (:Person {name: 'Sanjay Esposito'})-[:MANAGES]->(p:Person) RETURN p.name AS name",
  },
  // count
  {
    kind: 'count',
    question: 'How many people work at Orbital Systems?',
    expected: { value: 12 },
    verify: "MATCH (p:Person)-[:WORKS_AT]->(:Company {name: 'Orbital Systems'}) RETURN count(p) AS count",
  },
  {
    kind: 'count',
    question: 'How many projects does Nimbus Labs maintain?',
    expected: { value: 4 },
    verify: "MATCH (:Company {name: 'Nimbus Labs'})-[:MAINTAINS]->(p:Project) RETURN count(p) AS count",
  },
  {
    kind: 'count',
    question: 'How many companies are there?',
    expected: { value: 25 },
    verify: 'MATCH (c:Company) RETURN count(c) AS count',
  },
  {
    kind: 'count',
    question: 'How many papers are there?',
    expected: { value: 50 },
    verify: 'MATCH (p:Paper) RETURN count(p) AS count',
  },
  {
    kind: 'count',
    question: 'How many technologies are there?',
    expected: { value: 20 },
    verify: 'MATCH (t:Technology) RETURN count(t) AS count',
  },
  {
    kind: 'count',
    question: 'How many people live in Berlin?',
    expected: { value: 15 },
    verify: "MATCH (p:Person)-[:LIVES_IN]->(:City {name: 'Berlin'}) RETURN count(p) AS count",
  },
  {
    kind: 'count',
    question: 'How many papers cite Elastic Consensus for Geo-Distributed Stores?',
    expected: { value: 26 },
    verify: "MATCH (p:Paper)-[:CITES]->(:Paper {name: 'Elastic Consensus for Geo-Distributed Stores'}) RETURN count(p) AS count",
  },
  {
    kind: 'count',
    question: 'How many projects use Python?',
    expected: { value: 15 },
    verify: "MATCH (p:Project)-[:USES]->(:Technology {name: 'Python'}) RETURN count(p) AS count",
  },
  {
    kind: 'count',
    question: 'How many cities are located in Germany?',
    expected: { value: 3 },
    verify: "MATCH (c:City)-[:LOCATED_IN]->(:Country {name: 'Germany'}) RETURN count(c) AS count",
  },
  {
    kind: 'count',
    question: 'How many people contributed to Stratus?',
    expected: { value: 12 },
    verify: "MATCH (p:Person)-[:CONTRIBUTES_TO]->(:Project {name: 'Stratus'}) RETURN count(p) AS count",
  },
  // aggregate
  {
    kind: 'aggregate',
    question: 'Which project has the most stars?',
    expected: { value: 'Stratus' },
    verify: 'MATCH (p:Project) WITH max(p.stars) AS top MATCH (p:Project) WHERE p.stars = top RETURN p.name AS name',
  },
  {
    kind: 'aggregate',
    question: 'Which company has the most employees?',
    expected: { value: 'Saffron Works' },
    verify: 'MATCH (c:Company) WITH max(c.employees) AS top MATCH (c:Company) WHERE c.employees = top RETURN c.name AS name',
  },
  {
    kind: 'aggregate',
    question: 'Which city has the largest population?',
    expected: { value: 'Tokyo' },
    verify: 'MATCH (c:City) WITH max(c.population) AS top MATCH (c:City) WHERE c.population = top RETURN c.name AS name',
  },
  {
    kind: 'aggregate',
    question: 'Which company was founded earliest?',
    expected: { value: 'Kansai Photonics' },
    verify: 'MATCH (c:Company) WITH min(c.founded) AS first MATCH (c:Company) WHERE c.founded = first RETURN c.name AS name',
  },
  {
    kind: 'aggregate',
    question: 'What is the total number of employees of companies located in San Francisco?',
    expected: { value: 1370 },
    verify: "MATCH (c:Company)-[:LOCATED_IN]->(:City {name: 'San Francisco'}) RETURN sum(c.employees) AS total",
  },
  {
    kind: 'aggregate',
    question: 'What is the average population of cities located in Germany?',
    expected: { value: 2420000 },
    verify: "MATCH (c:City)-[:LOCATED_IN]->(:Country {name: 'Germany'}) RETURN avg(c.population) AS average",
  },
  {
    kind: 'aggregate',
    question: 'What is the average number of stars of projects maintained by Nimbus Labs?',
    expected: { value: 17900 },
    verify: "MATCH (:Company {name: 'Nimbus Labs'})-[:MAINTAINS]->(p:Project) RETURN avg(p.stars) AS average",
  },
  {
    kind: 'aggregate',
    question: 'What is the maximum number of stars of projects maintained by Orbital Systems?',
    expected: { value: 31500 },
    verify: "MATCH (:Company {name: 'Orbital Systems'})-[:MAINTAINS]->(p:Project) RETURN max(p.stars) AS maximum",
  },
  {
    kind: 'aggregate',
    question: 'What is the total number of stars of projects that use Rust?',
    expected: { value: 104600 },
    verify: "MATCH (p:Project)-[:USES]->(:Technology {name: 'Rust'}) RETURN sum(p.stars) AS total",
  },
  {
    kind: 'aggregate',
    question: 'What is the minimum population of cities located in the United States?',
    expected: { value: 650000 },
    verify: "MATCH (c:City)-[:LOCATED_IN]->(:Country {name: 'United States'}) RETURN min(c.population) AS minimum",
  },
  {
    kind: 'aggregate',
    question: 'Which person authored the most papers?',
    expected: { value: 'Maya Patel' },
    verify: 'MATCH (p:Person)-[:AUTHORED]->(x:Paper) WITH p, count(x) AS papers WITH max(papers) AS top MATCH (p:Person)-[:AUTHORED]->(x:Paper) WITH p, count(x) AS papers, top WHERE papers = top RETURN p.name AS name',
  },
  {
    kind: 'aggregate',
    question: 'Which technology is used by the most projects?',
    expected: { value: 'Python' },
    verify: 'MATCH (p:Project)-[:USES]->(t:Technology) WITH t, count(p) AS projects WITH max(projects) AS top MATCH (p:Project)-[:USES]->(t:Technology) WITH t, count(p) AS projects, top WHERE projects = top RETURN t.name AS name',
  },
  // path
  {
    kind: 'path',
    question: 'How is Maya Patel connected to Tidewater AI?',
    expected: { path: ['Maya Patel', 'Marlin', 'Tidewater AI'] },
    verify: "MATCH p = allShortestPaths((:Person {name: 'Maya Patel'})-[*]-(:Company {name: 'Tidewater AI'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Viktor Lindqvist connected to Sweden?',
    expected: { path: ['Viktor Lindqvist', 'Stockholm', 'Sweden'] },
    verify: "MATCH p = allShortestPaths((:Person {name: 'Viktor Lindqvist'})-[*]-(:Country {name: 'Sweden'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Cedar Robotics connected to Germany?',
    expected: { path: ['Cedar Robotics', 'Munich', 'Germany'] },
    verify: "MATCH p = allShortestPaths((:Company {name: 'Cedar Robotics'})-[*]-(:Country {name: 'Germany'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Spring connected to Elbe Software?',
    expected: { path: ['Spring', 'Ferrite', 'Elbe Software'] },
    verify: "MATCH p = allShortestPaths((:Technology {name: 'Spring'})-[*]-(:Company {name: 'Elbe Software'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Atelier Neural connected to PyTorch?',
    expected: { path: ['Atelier Neural', 'Vesper', 'PyTorch'] },
    verify: "MATCH p = allShortestPaths((:Company {name: 'Atelier Neural'})-[*]-(:Technology {name: 'PyTorch'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Dario Ibarra connected to PyTorch?',
    expected: { path: ['Dario Ibarra', 'Maya Patel', 'Marlin', 'PyTorch'] },
    verify: "MATCH p = allShortestPaths((:Person {name: 'Dario Ibarra'})-[*]-(:Technology {name: 'PyTorch'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Nadia Galloway connected to Sparse Attention for Long Documents?',
    expected: { path: ['Nadia Galloway', 'Language Models as Query Planners', 'Sparse Attention for Long Documents'] },
    verify: "MATCH p = allShortestPaths((:Person {name: 'Nadia Galloway'})-[*]-(:Paper {name: 'Sparse Attention for Long Documents'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Trustworthy Ledgers without Global Consensus connected to Evergreen Cloud?',
    expected: { path: ['Trustworthy Ledgers without Global Consensus', 'Elastic Consensus for Geo-Distributed Stores', 'Kaveh Hakimi', 'Evergreen Cloud'] },
    verify: "MATCH p = allShortestPaths((:Paper {name: 'Trustworthy Ledgers without Global Consensus'})-[*]-(:Company {name: 'Evergreen Cloud'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  {
    kind: 'path',
    question: 'How is Gideon Gunawardena connected to Ximena Kaplan?',
    expected: { path: ['Gideon Gunawardena', 'Incremental View Maintenance over Graphs', 'Wren Takahashi', 'Ximena Kaplan'] },
    verify: "MATCH p = allShortestPaths((:Person {name: 'Gideon Gunawardena'})-[*]-(:Person {name: 'Ximena Kaplan'})) RETURN [n IN nodes(p) | n.name] AS path",
  },
  // property
  {
    kind: 'property',
    question: 'When was Maya Patel born?',
    expected: { value: 1984 },
    verify: "MATCH (p:Person {name: 'Maya Patel'}) RETURN p.born AS born",
  },
  {
    kind: 'property',
    question: 'How many stars does Stratus have?',
    expected: { value: 48200 },
    verify: "MATCH (p:Project {name: 'Stratus'}) RETURN p.stars AS stars",
  },
  {
    kind: 'property',
    question: 'What is the population of Tokyo?',
    expected: { value: 13960000 },
    verify: "MATCH (c:City {name: 'Tokyo'}) RETURN c.population AS population",
  },
  {
    kind: 'property',
    question: 'What is the license of Lodestar?',
    expected: { value: 'Apache-2.0' },
    verify: "MATCH (p:Project {name: 'Lodestar'}) RETURN p.license AS license",
  },
  {
    kind: 'property',
    question: 'When was Nimbus Labs founded?',
    expected: { value: 2012 },
    verify: "MATCH (c:Company {name: 'Nimbus Labs'}) RETURN c.founded AS founded",
  },
  {
    kind: 'property',
    question: 'How many employees does Sakura Dynamics have?',
    expected: { value: 980 },
    verify: "MATCH (c:Company {name: 'Sakura Dynamics'}) RETURN c.employees AS employees",
  },
  {
    kind: 'property',
    question: 'What is the industry of Lumen Data?',
    expected: { value: 'data infrastructure' },
    verify: "MATCH (c:Company {name: 'Lumen Data'}) RETURN c.industry AS industry",
  },
  {
    kind: 'property',
    question: 'What is the code of Japan?',
    expected: { value: 'JP' },
    verify: "MATCH (c:Country {name: 'Japan'}) RETURN c.code AS code",
  },
  {
    kind: 'property',
    question: 'What is the venue of Language Models as Query Planners?',
    expected: { value: 'VLDB' },
    verify: "MATCH (p:Paper {name: 'Language Models as Query Planners'}) RETURN p.venue AS venue",
  },
  {
    kind: 'property',
    question: 'In what year was Sparse Attention for Long Documents published?',
    expected: { value: 2016 },
    verify: "MATCH (p:Paper {name: 'Sparse Attention for Long Documents'}) RETURN p.year AS year",
  },
  {
    kind: 'property',
    question: 'What is the email of Viktor Lindqvist?',
    expected: { value: 'viktor.lindqvist@fjordcompute.example' },
    verify: "MATCH (p:Person {name: 'Viktor Lindqvist'}) RETURN p.email AS email",
  },
  {
    kind: 'property',
    question: 'What kind of technology is Julia?',
    expected: { value: 'language' },
    verify: "MATCH (t:Technology {name: 'Julia'}) RETURN t.kind AS kind",
  },
  {
    kind: 'property',
    question: 'When was Trellis released?',
    expected: { value: 2017 },
    verify: "MATCH (p:Project {name: 'Trellis'}) RETURN p.released AS released",
  },
];

/** A question naming an entity whose name several nodes share: the planner must ask which one is meant. */
export interface AmbiguousQuestion {
  question: string;
  /** The ambiguous name, as written in the question. */
  name: string;
  /** How many nodes carry that name: the options a clarification offers. */
  options: number;
  /** The keys of those nodes, and what tells them apart. */
  candidates: { key: string; label: string; hint: string }[];
}

const ALEX_KIM = [
  { key: 'person:alex-kim-1', label: 'Person', hint: 'born 1985, lives in Berlin, works at Nimbus Labs' },
  { key: 'person:alex-kim-2', label: 'Person', hint: 'born 1992, lives in Toronto, works at Bluefin Analytics' },
];
const JORDAN_LEE = [
  { key: 'person:jordan-lee-1', label: 'Person', hint: 'born 1979, lives in Seattle, works at Mercury' },
  { key: 'person:jordan-lee-2', label: 'Person', hint: 'born 1995, lives in Bangalore, works at Saffron Works' },
];
const MERCURY = [
  { key: 'company:mercury', label: 'Company', hint: 'fintech company in Seattle, founded 2015' },
  { key: 'project:mercury', label: 'Project', hint: 'project maintained by Nimbus Labs, released 2019' },
];

export const AMBIGUOUS_QUESTIONS: readonly AmbiguousQuestion[] = [
  { question: 'Where does Alex Kim live?', name: 'Alex Kim', options: 2, candidates: ALEX_KIM },
  { question: 'When was Jordan Lee born?', name: 'Jordan Lee', options: 2, candidates: JORDAN_LEE },
  // "Which people work at Mercury?" is not ambiguous: only a company has people working at it.
  { question: 'Tell me about Mercury.', name: 'Mercury', options: 2, candidates: MERCURY },
  { question: 'Which papers has Alex Kim authored?', name: 'Alex Kim', options: 2, candidates: ALEX_KIM },
];
