/**
 * The demo knowledge graph: a fictional tech and research world (people, the companies they
 * work at and found, the cities and countries they live in, open-source projects and the
 * technologies they use, papers and their citations), loaded into an empty graph when
 * `DEMO_DATA` is on.
 *
 * Deterministic: the names and the entities' own properties are written out below; who works
 * where, who manages whom, who contributes to and authors what is drawn from a fixed-seed
 * PRNG, so every call gives the same batch. The questions and verified answers in
 * test/support/demo-questions.ts depend on it: change the data, change the answers.
 *
 * Deliberate ambiguity (for disambiguation): two people named "Alex Kim", two named
 * "Jordan Lee", and "Mercury" is both a Company and a Project. Every other name is unique.
 */
import type { NodeUpsert, PropertyValue, RelationshipUpsert, UpsertBatch } from '../stores/graph/port.js';

export const DEMO_PROVENANCE = 'demo';

const SEED = 20_240_617;

/** Country name, ISO 3166-1 alpha-2 code. */
const COUNTRIES: readonly (readonly [string, string])[] = [
  ['Germany', 'DE'],
  ['United States', 'US'],
  ['Japan', 'JP'],
  ['Canada', 'CA'],
  ['France', 'FR'],
  ['India', 'IN'],
  ['Netherlands', 'NL'],
  ['Sweden', 'SE'],
];

/** City name, country, population. */
const CITIES: readonly (readonly [string, string, number])[] = [
  ['Berlin', 'Germany', 3_850_000],
  ['Munich', 'Germany', 1_510_000],
  ['Hamburg', 'Germany', 1_900_000],
  ['San Francisco', 'United States', 810_000],
  ['Seattle', 'United States', 750_000],
  ['Austin', 'United States', 970_000],
  ['Boston', 'United States', 650_000],
  ['Tokyo', 'Japan', 13_960_000],
  ['Osaka', 'Japan', 2_750_000],
  ['Toronto', 'Canada', 2_790_000],
  ['Vancouver', 'Canada', 680_000],
  ['Montreal', 'Canada', 1_760_000],
  ['Paris', 'France', 2_100_000],
  ['Lyon', 'France', 520_000],
  ['Bangalore', 'India', 8_440_000],
  ['Pune', 'India', 3_120_000],
  ['Amsterdam', 'Netherlands', 920_000],
  ['Rotterdam', 'Netherlands', 655_000],
  ['Stockholm', 'Sweden', 980_000],
  ['Gothenburg', 'Sweden', 590_000],
];

interface CompanySpec {
  name: string;
  city: string;
  founded: number;
  employees: number;
  industry: string;
}

const COMPANIES: readonly CompanySpec[] = [
  { name: 'Nimbus Labs', city: 'Berlin', founded: 2012, employees: 850, industry: 'cloud' },
  { name: 'Orbital Systems', city: 'San Francisco', founded: 2009, employees: 1200, industry: 'aerospace' },
  { name: 'Mercury', city: 'Seattle', founded: 2015, employees: 300, industry: 'fintech' },
  { name: 'Quantum Harbor', city: 'Boston', founded: 2017, employees: 140, industry: 'quantum computing' },
  { name: 'Bluefin Analytics', city: 'Toronto', founded: 2013, employees: 420, industry: 'analytics' },
  { name: 'Cedar Robotics', city: 'Munich', founded: 2011, employees: 610, industry: 'robotics' },
  { name: 'Lumen Data', city: 'Amsterdam', founded: 2016, employees: 260, industry: 'data infrastructure' },
  { name: 'Kestrel Security', city: 'Austin', founded: 2014, employees: 330, industry: 'security' },
  { name: 'Tidewater AI', city: 'Vancouver', founded: 2018, employees: 190, industry: 'artificial intelligence' },
  { name: 'Sakura Dynamics', city: 'Tokyo', founded: 2008, employees: 980, industry: 'robotics' },
  { name: 'Fjord Compute', city: 'Stockholm', founded: 2016, employees: 210, industry: 'cloud' },
  { name: 'Atelier Neural', city: 'Paris', founded: 2019, employees: 95, industry: 'artificial intelligence' },
  { name: 'Saffron Works', city: 'Bangalore', founded: 2010, employees: 1500, industry: 'developer tools' },
  { name: 'Monsoon Analytics', city: 'Pune', founded: 2019, employees: 120, industry: 'analytics' },
  { name: 'Elbe Software', city: 'Hamburg', founded: 2006, employees: 540, industry: 'logistics' },
  { name: 'Kansai Photonics', city: 'Osaka', founded: 2004, employees: 720, industry: 'photonics' },
  { name: 'Polaris Learning', city: 'Montreal', founded: 2015, employees: 230, industry: 'education' },
  { name: 'Vireo Biotech', city: 'Lyon', founded: 2012, employees: 310, industry: 'biotech' },
  { name: 'Delta Grid', city: 'Rotterdam', founded: 2013, employees: 280, industry: 'energy' },
  { name: 'Volta Mobility', city: 'Gothenburg', founded: 2011, employees: 650, industry: 'automotive' },
  { name: 'Evergreen Cloud', city: 'Seattle', founded: 2010, employees: 900, industry: 'cloud' },
  { name: 'Beacon Genomics', city: 'Boston', founded: 2014, employees: 380, industry: 'biotech' },
  { name: 'Pixel Forge', city: 'San Francisco', founded: 2016, employees: 170, industry: 'developer tools' },
  { name: 'Amber Ledger', city: 'Berlin', founded: 2018, employees: 110, industry: 'fintech' },
  { name: 'Maple Quantum', city: 'Toronto', founded: 2019, employees: 60, industry: 'quantum computing' },
];

/** Technology name, kind. */
const TECHNOLOGIES: readonly (readonly [string, string])[] = [
  ['Rust', 'language'],
  ['Python', 'language'],
  ['Elixir', 'language'],
  ['TypeScript', 'language'],
  ['Java', 'language'],
  ['Kotlin', 'language'],
  ['Julia', 'language'],
  ['PostgreSQL', 'database'],
  ['Redis', 'database'],
  ['Cassandra', 'database'],
  ['SQLite', 'database'],
  ['ClickHouse', 'database'],
  ['MongoDB', 'database'],
  ['React', 'framework'],
  ['Django', 'framework'],
  ['PyTorch', 'framework'],
  ['TensorFlow', 'framework'],
  ['Spring', 'framework'],
  ['Flask', 'framework'],
  ['Vue', 'framework'],
];

interface ProjectSpec {
  name: string;
  /** The company that maintains it; null for a community project. */
  maintainer: string | null;
  released: number;
  license: string;
  stars: number;
  uses: readonly string[];
}

const PROJECTS: readonly ProjectSpec[] = [
  { name: 'Stratus', maintainer: 'Nimbus Labs', released: 2014, license: 'Apache-2.0', stars: 48_200, uses: ['Rust', 'PostgreSQL', 'React'] },
  { name: 'Cirrus', maintainer: 'Nimbus Labs', released: 2016, license: 'Apache-2.0', stars: 12_400, uses: ['Rust', 'Redis'] },
  { name: 'Mercury', maintainer: 'Nimbus Labs', released: 2019, license: 'MIT', stars: 8_700, uses: ['TypeScript', 'React', 'PostgreSQL'] },
  { name: 'Driftwood', maintainer: 'Nimbus Labs', released: 2021, license: 'MIT', stars: 2_300, uses: ['Python', 'Flask', 'SQLite'] },
  { name: 'Lodestar', maintainer: 'Orbital Systems', released: 2012, license: 'Apache-2.0', stars: 31_500, uses: ['Java', 'Spring', 'Cassandra'] },
  { name: 'Sextant', maintainer: 'Orbital Systems', released: 2015, license: 'BSD-3-Clause', stars: 9_800, uses: ['Python', 'PyTorch'] },
  { name: 'Halyard', maintainer: 'Orbital Systems', released: 2018, license: 'Apache-2.0', stars: 5_400, uses: ['Kotlin', 'Spring', 'PostgreSQL'] },
  { name: 'Anvil', maintainer: 'Saffron Works', released: 2013, license: 'MIT', stars: 27_600, uses: ['TypeScript', 'Vue', 'MongoDB'] },
  { name: 'Gantry', maintainer: 'Saffron Works', released: 2017, license: 'MIT', stars: 14_100, uses: ['Python', 'Django', 'PostgreSQL'] },
  { name: 'Rivet', maintainer: 'Saffron Works', released: 2020, license: 'GPL-3.0', stars: 3_100, uses: ['Rust', 'SQLite'] },
  { name: 'Keel', maintainer: 'Evergreen Cloud', released: 2015, license: 'Apache-2.0', stars: 19_300, uses: ['Rust', 'ClickHouse'] },
  { name: 'Pylon', maintainer: 'Evergreen Cloud', released: 2019, license: 'Apache-2.0', stars: 6_600, uses: ['TypeScript', 'React', 'Redis'] },
  { name: 'Prism', maintainer: 'Lumen Data', released: 2016, license: 'Apache-2.0', stars: 22_800, uses: ['Java', 'ClickHouse', 'Cassandra'] },
  { name: 'Loom', maintainer: 'Lumen Data', released: 2020, license: 'MPL-2.0', stars: 4_700, uses: ['Python', 'ClickHouse'] },
  { name: 'Talon', maintainer: 'Kestrel Security', released: 2017, license: 'GPL-3.0', stars: 11_900, uses: ['Rust', 'PostgreSQL'] },
  { name: 'Obsidian', maintainer: 'Kestrel Security', released: 2021, license: 'GPL-3.0', stars: 1_800, uses: ['Elixir', 'PostgreSQL'] },
  { name: 'Marlin', maintainer: 'Tidewater AI', released: 2019, license: 'MIT', stars: 16_400, uses: ['Python', 'PyTorch', 'Redis'] },
  { name: 'Tern', maintainer: 'Tidewater AI', released: 2022, license: 'MIT', stars: 2_900, uses: ['Python', 'TensorFlow'] },
  { name: 'Kiln', maintainer: 'Sakura Dynamics', released: 2013, license: 'BSD-3-Clause', stars: 7_200, uses: ['Julia', 'SQLite'] },
  { name: 'Hearth', maintainer: 'Sakura Dynamics', released: 2018, license: 'BSD-3-Clause', stars: 3_600, uses: ['Python', 'Flask'] },
  { name: 'Ironbark', maintainer: 'Cedar Robotics', released: 2014, license: 'Apache-2.0', stars: 8_100, uses: ['Python', 'TensorFlow', 'Redis'] },
  { name: 'Quill', maintainer: 'Bluefin Analytics', released: 2015, license: 'MIT', stars: 13_700, uses: ['Python', 'Django', 'PostgreSQL'] },
  { name: 'Lantern', maintainer: 'Bluefin Analytics', released: 2018, license: 'MIT', stars: 5_900, uses: ['TypeScript', 'Vue'] },
  { name: 'Quasar', maintainer: 'Quantum Harbor', released: 2019, license: 'Apache-2.0', stars: 4_200, uses: ['Julia', 'Python'] },
  { name: 'Umbra', maintainer: 'Maple Quantum', released: 2021, license: 'Apache-2.0', stars: 1_300, uses: ['Julia', 'Rust'] },
  { name: 'Meridian', maintainer: 'Polaris Learning', released: 2017, license: 'MIT', stars: 10_800, uses: ['Python', 'PyTorch', 'MongoDB'] },
  { name: 'Trellis', maintainer: 'Pixel Forge', released: 2017, license: 'MIT', stars: 21_400, uses: ['TypeScript', 'React'] },
  { name: 'Wicket', maintainer: 'Pixel Forge', released: 2020, license: 'MIT', stars: 3_900, uses: ['TypeScript', 'Vue', 'SQLite'] },
  { name: 'Zephyr', maintainer: 'Fjord Compute', released: 2018, license: 'Apache-2.0', stars: 7_600, uses: ['Rust', 'Redis', 'Cassandra'] },
  { name: 'Basalt', maintainer: 'Delta Grid', released: 2016, license: 'MPL-2.0', stars: 2_600, uses: ['Kotlin', 'PostgreSQL'] },
  { name: 'Cobalt', maintainer: 'Volta Mobility', released: 2015, license: 'Apache-2.0', stars: 4_400, uses: ['Kotlin', 'Java', 'SQLite'] },
  { name: 'Ferrite', maintainer: 'Elbe Software', released: 2012, license: 'GPL-3.0', stars: 6_100, uses: ['Java', 'Spring', 'MongoDB'] },
  { name: 'Juniper', maintainer: 'Beacon Genomics', released: 2016, license: 'BSD-3-Clause', stars: 5_200, uses: ['Python', 'Julia'] },
  { name: 'Yarrow', maintainer: 'Vireo Biotech', released: 2019, license: 'MIT', stars: 1_600, uses: ['Python', 'Flask', 'MongoDB'] },
  { name: 'Vesper', maintainer: 'Atelier Neural', released: 2021, license: 'MIT', stars: 9_300, uses: ['Python', 'PyTorch'] },
  { name: 'Sorrel', maintainer: 'Monsoon Analytics', released: 2020, license: 'Apache-2.0', stars: 2_100, uses: ['Python', 'ClickHouse'] },
  { name: 'Nettle', maintainer: 'Amber Ledger', released: 2022, license: 'MIT', stars: 1_100, uses: ['Elixir', 'PostgreSQL'] },
  { name: 'Corvid', maintainer: 'Mercury', released: 2017, license: 'Apache-2.0', stars: 6_800, uses: ['Elixir', 'Redis', 'PostgreSQL'] },
  { name: 'Bramble', maintainer: null, released: 2013, license: 'MIT', stars: 17_900, uses: ['TypeScript', 'SQLite'] },
  { name: 'Aster', maintainer: null, released: 2023, license: 'MIT', stars: 800, uses: ['Rust', 'PyTorch'] },
];

/** Paper title (its `name`), year, venue; in year order, so a paper only cites earlier ones. */
const PAPERS: readonly (readonly [string, number, string])[] = [
  ['Elastic Consensus for Geo-Distributed Stores', 2011, 'OSDI'],
  ['Learned Index Structures for Time Series', 2012, 'SIGMOD'],
  ['Adaptive Query Compilation in Columnar Engines', 2012, 'VLDB'],
  ['Lock-Free Graph Traversal on Many-Core Machines', 2013, 'PPoPP'],
  ['Robust Grasp Planning with Sparse Tactile Feedback', 2013, 'ICRA'],
  ['Federated Training under Skewed Data', 2014, 'NeurIPS'],
  ['Provenance Tracking for Streaming Pipelines', 2014, 'VLDB'],
  ['Memory-Safe Systems Programming at Scale', 2014, 'SOSP'],
  ['Quantum Error Mitigation on Noisy Hardware', 2015, 'QIP'],
  ['Differential Privacy for Telemetry', 2015, 'USENIX Security'],
  ['Sparse Attention for Long Documents', 2016, 'ACL'],
  ['Zero-Downtime Schema Migration', 2016, 'SIGMOD'],
  ['Energy-Aware Scheduling for Edge Clusters', 2016, 'EuroSys'],
  ['Probabilistic Localization for Warehouse Robots', 2016, 'IROS'],
  ['Type-Directed Synthesis of API Glue Code', 2017, 'PLDI'],
  ['Incremental View Maintenance over Graphs', 2017, 'VLDB'],
  ['Contrastive Pretraining for Protein Folding', 2017, 'ICML'],
  ['Fault Injection at Planetary Scale', 2017, 'OSDI'],
  ['Secure Enclaves for Multi-Tenant Databases', 2018, 'USENIX Security'],
  ['Compressing Embeddings with Product Quantization', 2018, 'KDD'],
  ['Causal Inference for Online Experiments', 2018, 'KDD'],
  ['Vectorized Execution for Graph Pattern Matching', 2018, 'SIGMOD'],
  ['Reinforcement Learning for Battery Dispatch', 2018, 'NeurIPS'],
  ['Photonic Interconnects for Datacenter Fabrics', 2019, 'SIGCOMM'],
  ['Consistent Snapshots in Serverless Workflows', 2019, 'SOSP'],
  ['Neural Code Search with Weak Supervision', 2019, 'ICSE'],
  ['Trustworthy Ledgers without Global Consensus', 2019, 'CCS'],
  ['Scalable Genome Assembly on Commodity Clusters', 2019, 'RECOMB'],
  ['Latency-Aware Model Serving', 2020, 'MLSys'],
  ['Verified Parsers for Binary Formats', 2020, 'PLDI'],
  ['Self-Tuning Caches for Cloud Storage', 2020, 'FAST'],
  ['Graph Neural Networks for Route Planning', 2020, 'KDD'],
  ['Crash-Consistent Persistent Memory Allocators', 2020, 'ASPLOS'],
  ['Human Factors in Code Review Tools', 2021, 'CHI'],
  ['Few-Shot Defect Detection in Manufacturing', 2021, 'CVPR'],
  ['Variational Quantum Eigensolvers in Practice', 2021, 'QIP'],
  ['Streaming Joins with Bounded Memory', 2021, 'VLDB'],
  ['Auditable Machine Learning Pipelines', 2021, 'FAccT'],
  ['Sim-to-Real Transfer for Legged Robots', 2022, 'CoRL'],
  ['Retrieval-Augmented Question Answering over Knowledge Graphs', 2022, 'ACL'],
  ['Carbon-Aware Workload Placement', 2022, 'EuroSys'],
  ['Formal Verification of Smart Contract Upgrades', 2022, 'CCS'],
  ['Differentiable Simulation for Vehicle Dynamics', 2022, 'ICRA'],
  ['Adaptive Compression for Sensor Networks', 2023, 'SenSys'],
  ['Mixture-of-Experts Routing at Inference Time', 2023, 'ICML'],
  ['Practical Homomorphic Encryption for Analytics', 2023, 'USENIX Security'],
  ['Cost Models for Cloud Data Warehouses', 2023, 'SIGMOD'],
  ['Language Models as Query Planners', 2024, 'VLDB'],
  ['Robust Evaluation of Code Assistants', 2024, 'ICSE'],
  ['Privacy-Preserving Genomic Search', 2024, 'RECOMB'],
];

/** Indexes into PAPERS of the papers Maya Patel authored (the graph's most prolific author). */
const MAYA_PATEL_PAPERS: readonly number[] = [0, 6, 11, 15, 21, 24, 36, 46, 47];

/** The first paper: the most cited one. */
const HUB_PAPER = 0;

/** People written out by hand: the hubs and the deliberately ambiguous names. */
interface FixedPerson {
  key: string;
  name: string;
  born: number;
  city: string;
  company: string;
  role: string;
  /** First in the company's list (its CEO and founder). */
  founder?: boolean;
  /** Further companies this person founded without working there. */
  alsoFounded?: readonly string[];
  contributesTo?: readonly string[];
}

const FIXED_PEOPLE: readonly FixedPerson[] = [
  { key: 'person:maya-patel', name: 'Maya Patel', born: 1984, city: 'Berlin', company: 'Nimbus Labs', role: 'researcher', contributesTo: ['Stratus', 'Marlin'] },
  { key: 'person:alex-kim-1', name: 'Alex Kim', born: 1985, city: 'Berlin', company: 'Nimbus Labs', role: 'engineer', contributesTo: ['Cirrus'] },
  { key: 'person:alex-kim-2', name: 'Alex Kim', born: 1992, city: 'Toronto', company: 'Bluefin Analytics', role: 'researcher', contributesTo: ['Quill'] },
  { key: 'person:jordan-lee-1', name: 'Jordan Lee', born: 1979, city: 'Seattle', company: 'Mercury', role: 'engineer', contributesTo: ['Corvid'] },
  { key: 'person:jordan-lee-2', name: 'Jordan Lee', born: 1995, city: 'Bangalore', company: 'Saffron Works', role: 'designer', contributesTo: ['Anvil'] },
  {
    key: 'person:viktor-lindqvist',
    name: 'Viktor Lindqvist',
    born: 1968,
    city: 'Stockholm',
    company: 'Fjord Compute',
    role: 'ceo',
    founder: true,
    alsoFounded: ['Volta Mobility'],
  },
];

const PEOPLE_TOTAL = 120;

/** First and last names the other people are drawn from (no Alex, Jordan, Kim, Lee, Patel, Lindqvist, nor city names). */
const FIRST_NAMES = [
  'Amara', 'Bruno', 'Chiara', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas',
  'Kaveh', 'Lena', 'Mateo', 'Nadia', 'Oskar', 'Priya', 'Quentin', 'Rosa', 'Sanjay', 'Tamsin',
  'Ugo', 'Vera', 'Wendell', 'Ximena', 'Yusuf', 'Zofia', 'Anika', 'Benedikt', 'Camille', 'Dario',
  'Esme', 'Felix', 'Gideon', 'Hana', 'Ivo', 'Jun', 'Kirra', 'Leandro', 'Mirela', 'Nikhil',
  'Olga', 'Pavel', 'Rania', 'Soren', 'Thea', 'Uma', 'Valentin', 'Wren', 'Yara', 'Zane',
];
const LAST_NAMES = [
  'Abernathy', 'Bergstrom', 'Castellano', 'Dufresne', 'Eriksen', 'Fairbanks', 'Galloway', 'Hakimi', 'Iversen', 'Jankowski',
  'Kowalczyk', 'Lindgren', 'Moreau', 'Nakamura', 'Okafor', 'Petrenko', 'Quintero', 'Rasmussen', 'Sato', 'Takahashi',
  'Ueda', 'Vasquez', 'Whitfield', 'Xu', 'Yamada', 'Zeller', 'Achterberg', 'Brennan', 'Chaudhry', 'Delacroix',
  'Esposito', 'Fontaine', 'Gunawardena', 'Holloway', 'Ibarra', 'Jovanovic', 'Kaplan', 'Lombardi', 'Mbeki', 'Novak',
];

const ROLES = ['engineer', 'engineer', 'engineer', 'researcher', 'scientist', 'designer'] as const;

/** mulberry32: a small, fixed-seed PRNG (the batch must be the same on every call; tests draw from it too). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`demo graph: no item ${index}`);
  return value;
}

interface Person {
  key: string;
  name: string;
  born: number;
  city: string;
  company: string | null;
  role: string;
  since: number;
  email: string;
  fixed: boolean;
}

/** The demo graph as one upsert batch (write it with provenance DEMO_PROVENANCE). */
export function demoGraph(): UpsertBatch {
  const rand = prng(SEED);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => at(list, Math.floor(rand() * list.length));
  const chance = (p: number) => rand() < p;

  const nodes: NodeUpsert[] = [];
  const relationships: RelationshipUpsert[] = [];
  const node = (key: string, label: string, properties: Record<string, PropertyValue>) => nodes.push({ key, labels: [label], properties });
  const rel = (fromKey: string, type: string, toKey: string, properties?: Record<string, PropertyValue>) =>
    relationships.push(properties ? { fromKey, type, toKey, properties } : { fromKey, type, toKey });

  const countryKey = (name: string) => `country:${slug(name)}`;
  const cityKey = (name: string) => `city:${slug(name)}`;
  const companyKey = (name: string) => `company:${slug(name)}`;
  const projectKey = (name: string) => `project:${slug(name)}`;
  const technologyKey = (name: string) => `technology:${slug(name)}`;
  const paperKey = (name: string) => `paper:${slug(name)}`;
  const companyByName = new Map(COMPANIES.map((c) => [c.name, c]));
  const company = (name: string): CompanySpec => {
    const found = companyByName.get(name);
    if (!found) throw new Error(`demo graph: no company ${name}`);
    return found;
  };

  // Places, companies, technologies, projects and papers: written out above.
  for (const [name, code] of COUNTRIES) node(countryKey(name), 'Country', { name, code });
  for (const [name, country, population] of CITIES) {
    node(cityKey(name), 'City', { name, population });
    rel(cityKey(name), 'LOCATED_IN', countryKey(country));
  }
  for (const c of COMPANIES) {
    node(companyKey(c.name), 'Company', { name: c.name, founded: c.founded, employees: c.employees, industry: c.industry });
    rel(companyKey(c.name), 'LOCATED_IN', cityKey(c.city));
  }
  for (const [name, kind] of TECHNOLOGIES) node(technologyKey(name), 'Technology', { name, kind });
  for (const p of PROJECTS) {
    node(projectKey(p.name), 'Project', { name: p.name, stars: p.stars, released: p.released, license: p.license });
    if (p.maintainer) rel(companyKey(p.maintainer), 'MAINTAINS', projectKey(p.name));
    for (const t of p.uses) rel(projectKey(p.name), 'USES', technologyKey(t));
  }
  for (const [name, year, venue] of PAPERS) node(paperKey(name), 'Paper', { name, year, venue });

  // People: the fixed ones, then drawn names, each given an employer (or none) and a city.
  const taken = new Set(FIXED_PEOPLE.map((p) => p.name));
  const drawn: { name: string; company: string | null; city: string }[] = [];
  const weights = COMPANIES.map((c) => c.employees * (c.name === 'Nimbus Labs' || c.name === 'Orbital Systems' ? 2 : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const weightedCompany = (): string => {
    let r = rand() * totalWeight;
    for (let i = 0; i < COMPANIES.length; i++) {
      r -= at(weights, i);
      if (r < 0) return at(COMPANIES, i).name;
    }
    return at(COMPANIES, COMPANIES.length - 1).name;
  };
  while (drawn.length < PEOPLE_TOTAL - FIXED_PEOPLE.length) {
    const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    if (taken.has(name)) continue;
    taken.add(name);
    const i = drawn.length;
    // Two people per company first (every company has staff), then by size; a few work nowhere.
    const employer = i < 2 * COMPANIES.length ? at(COMPANIES, i % COMPANIES.length).name : chance(0.15) ? null : weightedCompany();
    const city = employer && chance(0.85) ? company(employer).city : at(CITIES, Math.floor(rand() * CITIES.length))[0];
    drawn.push({ name, company: employer, city });
  }

  // Staff lists per company: fixed founders first, then the other fixed people, then the drawn ones.
  const staff = new Map<string, string[]>(COMPANIES.map((c) => [c.name, []]));
  const staffOf = (name: string): string[] => staff.get(name) ?? [];
  const people = new Map<string, Person>();
  for (const p of FIXED_PEOPLE) {
    people.set(p.key, { key: p.key, name: p.name, born: p.born, city: p.city, company: p.company, role: p.role, since: 0, email: '', fixed: true });
  }
  for (const p of FIXED_PEOPLE.filter((f) => f.founder)) staffOf(p.company).push(p.key);
  for (const d of drawn) {
    const key = `person:${slug(d.name)}`;
    people.set(key, { key, name: d.name, born: 0, city: d.city, company: d.company, role: '', since: 0, email: '', fixed: false });
    if (d.company) staffOf(d.company).push(key);
  }
  // The other fixed people come third and on in their company's list (after its founders, above most of its staff).
  const inserted = new Map<string, number>();
  for (const p of FIXED_PEOPLE.filter((f) => !f.founder)) {
    const list = staffOf(p.company);
    const n = inserted.get(p.company) ?? 0;
    list.splice(Math.min(2 + n, list.length), 0, p.key);
    inserted.set(p.company, n + 1);
  }
  const person = (key: string): Person => {
    const found = people.get(key);
    if (!found) throw new Error(`demo graph: no person ${key}`);
    return found;
  };

  // Founders, roles, years and the management tree (each member reports to one of the first few).
  const founders: [string, string][] = [];
  COMPANIES.forEach((c, index) => {
    const list = staffOf(c.name);
    list.forEach((key, i) => {
      const p = person(key);
      const founder = i === 0 || (i === 1 && index % 3 === 0 && list.length > 2);
      const hasReports = 3 * i + 1 < list.length;
      if (!p.fixed) {
        p.role = founder ? (i === 0 ? 'ceo' : 'cto') : hasReports ? 'manager' : pick(ROLES);
        p.born = founder ? int(1960, c.founded - 25) : int(1965, 2000);
      }
      if (founder) founders.push([key, c.name]);
      p.since = founder ? c.founded : Math.min(2024, int(Math.max(c.founded, p.born + 22), 2024));
      p.email = `${slug(p.name).replace(/-/g, '.')}@${slug(c.name).replace(/-/g, '')}.example`;
      if (i > 0) rel(at(list, Math.floor((i - 1) / 3)), 'MANAGES', key);
    });
  });
  for (const p of FIXED_PEOPLE) for (const other of p.alsoFounded ?? []) founders.push([p.key, other]);
  for (const p of people.values()) {
    if (p.company) continue;
    p.role = 'researcher';
    p.born = int(1955, 1995);
    p.email = `${slug(p.name).replace(/-/g, '.')}@mail.example`;
  }

  for (const p of people.values()) {
    node(p.key, 'Person', { name: p.name, born: p.born, email: p.email });
    rel(p.key, 'LIVES_IN', cityKey(p.city));
    if (p.company) rel(p.key, 'WORKS_AT', companyKey(p.company), { since: p.since, role: p.role });
  }
  for (const [key, name] of founders) rel(key, 'FOUNDED', companyKey(name));

  // Contributions: staff to their company's projects, a crowd to the big ones, a few strays.
  const contributions = new Set<string>();
  const contribute = (key: string, project: string) => {
    const id = `${key}|${project}`;
    if (contributions.has(id)) return;
    contributions.add(id);
    rel(key, 'CONTRIBUTES_TO', projectKey(project));
  };
  for (const p of FIXED_PEOPLE) for (const project of p.contributesTo ?? []) contribute(p.key, project);
  const everyone = [...people.keys()];
  // The ambiguous people are left out of the random draws: only their fixed ties name them.
  const unambiguous = everyone.filter((k) => !['Alex Kim', 'Jordan Lee'].includes(person(k).name));
  for (const p of PROJECTS) {
    const pool = (p.maintainer ? staffOf(p.maintainer).filter((k) => person(k).role !== 'ceo') : everyone).filter((k) => unambiguous.includes(k));
    const wanted = p.maintainer ? Math.min(pool.length, int(1, 4)) : int(3, 5);
    const chosen = new Set<string>();
    while (chosen.size < wanted && pool.length > 0) chosen.add(pick(pool));
    for (const k of chosen) contribute(k, p.name);
  }
  for (let i = 0; i < 10; i++) contribute(pick(unambiguous), 'Stratus');
  for (let i = 0; i < 5; i++) contribute(pick(unambiguous), 'Lodestar');
  for (const k of unambiguous) if (chance(0.15)) contribute(k, pick(PROJECTS).name);

  // Authors: Maya Patel on her papers, then one to three of the researchers and scientists.
  const writers = unambiguous.filter((k) => ['researcher', 'scientist'].includes(person(k).role));
  const others = unambiguous.filter((k) => !writers.includes(k));
  PAPERS.forEach(([title], i) => {
    const authors = new Set<string>();
    if (MAYA_PATEL_PAPERS.includes(i)) authors.add('person:maya-patel');
    const wanted = authors.size + int(1, 3);
    while (authors.size < wanted) authors.add(chance(0.85) ? pick(writers) : pick(others));
    for (const k of authors) rel(k, 'AUTHORED', paperKey(title));
  });
  // Papers by Alex Kim, one each (their authorship tells them apart too).
  rel('person:alex-kim-1', 'AUTHORED', paperKey(at(PAPERS, 30)[0]));
  rel('person:alex-kim-2', 'AUTHORED', paperKey(at(PAPERS, 19)[0]));

  // Citations: only earlier papers; the first paper is cited by many.
  PAPERS.forEach(([title], i) => {
    if (i === 0) return;
    const cited = new Set<number>();
    if (i !== HUB_PAPER && chance(0.45)) cited.add(HUB_PAPER);
    const more = int(0, Math.min(3, i));
    for (let n = 0; n < more; n++) cited.add(int(0, i - 1));
    for (const j of [...cited].sort((a, b) => a - b)) rel(paperKey(title), 'CITES', paperKey(at(PAPERS, j)[0]));
  });

  return { nodes, relationships };
}
