import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "The top 3 …" that names nothing to rank by, and rankings said back in words, each on two small
 * invented graphs. When more things match than "top" shows, the person asking chooses what to
 * rank by (each number or date of the things, highest or latest first, or how many of the things
 * the question joins them to it has) or no order; when all of
 * them fit, they are the answer and nothing is asked. A property a condition compares ("born
 * after 1980") is not what "top" ranks by. A ranking says the superlative the question used
 * ("the 2 cheapest products"), a date named by a participle after the things ("released latest"),
 * any other value as a noun ("the highest rating"), a value of the thing the ranked ones are
 * joined to as that thing's ("Ada Moreau observed the oldest star"), the ranking then picking
 * those things and every ranked one joined to them listed ("the products the 2 youngest users
 * reviewed" are all their products; "which 2 users reviewed the cheapest products" are two users).
 */

/** A shop: products with a price and the day they were added (ISO dates); users review them. */
const SHOP: UpsertBatch = {
  nodes: [
    node('u:1', 'User', { name: 'Ines Varga', born: 1990 }),
    node('u:2', 'User', { name: 'Omar Haddad', born: 1975 }),
    node('u:3', 'User', { name: 'Lena Brandt', born: 1984 }),
    node('p:1', 'Product', { name: 'Steel Kettle', price: 40, addedOn: '2024-02-01' }),
    node('p:2', 'Product', { name: 'Desk Lamp', price: 25, addedOn: '2023-06-15' }),
    node('p:3', 'Product', { name: 'Clay Mug', price: 9, addedOn: '2024-09-30' }),
    node('p:4', 'Product', { name: 'Glass Vase', price: 60, addedOn: '2022-11-05' }),
  ],
  relationships: [
    rel('u:1', 'REVIEWED', 'p:1'),
    rel('u:1', 'REVIEWED', 'p:2'),
    rel('u:1', 'REVIEWED', 'p:3'),
    rel('u:1', 'REVIEWED', 'p:4'),
    rel('u:2', 'REVIEWED', 'p:3'),
    rel('u:3', 'REVIEWED', 'p:2'),
  ],
};

/** An observatory: astronomers observe stars, each with a magnitude and its year of discovery. */
const SKY: UpsertBatch = {
  nodes: [
    node('a:1', 'Astronomer', { name: 'Ada Moreau', born: 1961 }),
    node('a:2', 'Astronomer', { name: 'Bo Lind', born: 1988 }),
    node('s:1', 'Star', { name: 'Vela Prime', magnitude: 4.2, discoveryYear: 1890 }),
    node('s:2', 'Star', { name: 'Orin Minor', magnitude: 1.1, discoveryYear: 1955 }),
    node('s:3', 'Star', { name: 'Kestrel Nine', magnitude: 6.8, discoveryYear: 2004 }),
    node('s:4', 'Star', { name: 'Pale Lantern', magnitude: 3.3, discoveryYear: 1972 }),
  ],
  relationships: [
    rel('a:1', 'OBSERVED', 's:1'),
    rel('a:1', 'OBSERVED', 's:2'),
    rel('a:1', 'OBSERVED', 's:3'),
    rel('a:1', 'OBSERVED', 's:4'),
    rel('a:2', 'OBSERVED', 's:3'),
  ],
};

/** A marina: docks in zones hold boats, each boat of one model with a length. */
const MARINA: UpsertBatch = {
  nodes: [
    node('d:1', 'Dock', { name: 'North Dock', zone: 1 }),
    node('d:2', 'Dock', { name: 'South Dock', zone: 2 }),
    node('m:1', 'Model', { name: 'Skiff 12', length: 12 }),
    node('m:2', 'Model', { name: 'Cruiser 40', length: 40 }),
    node('m:3', 'Model', { name: 'Sloop 28', length: 28 }),
    node('b:1', 'Boat', { name: 'Gull' }),
    node('b:2', 'Boat', { name: 'Tern' }),
    node('b:3', 'Boat', { name: 'Puffin' }),
    node('b:4', 'Boat', { name: 'Heron' }),
    node('b:5', 'Boat', { name: 'Osprey' }),
  ],
  relationships: [
    rel('d:2', 'HOLDS', 'b:1'),
    rel('d:2', 'HOLDS', 'b:2'),
    rel('d:2', 'HOLDS', 'b:3'),
    rel('d:2', 'HOLDS', 'b:4'),
    rel('d:1', 'HOLDS', 'b:5'),
    // Skiffs are the most boats in zone 2; the cruiser is the longest model, and only in zone 1.
    rel('b:1', 'MODEL', 'm:1'),
    rel('b:2', 'MODEL', 'm:1'),
    rel('b:3', 'MODEL', 'm:1'),
    rel('b:4', 'MODEL', 'm:3'),
    rel('b:5', 'MODEL', 'm:2'),
  ],
};

type Case = {
  question: string;
  chosen?: string[];
  /** The question asked back, and the labels of its choices. */
  asks?: RegExp;
  choices?: string[];
  text?: RegExp;
  /** The names answered, in any order (each once). */
  rows?: string[];
};

const cases: [string, UpsertBatch, Case[]][] = [
  [
    'marina',
    MARINA,
    [
      // "by length" ranks "top", not how many boats each model has.
      { question: 'List the top 2 models of boats by length that are held in docks in zone 2.', text: /^The 2 models that a boat \(that docks \(zone 2\) hold\) model with the highest length: Sloop 28 \(28\) and Skiff 12 \(12\)\.$/ },
      { question: 'List the top 2 models of boats by length that are held in South Dock.', text: /^The 2 models that a boat \(that South Dock holds\) model with the highest length: Sloop 28 \(28\) and Skiff 12 \(12\)\.$/ },
      { question: 'List the top 2 models by the number of boats held in South Dock.', text: /^The 2 models with the most boats that South Dock holds: Skiff 12 \(3\) and Sloop 28 \(1\)\.$/ },
      // A number right after a number property's words ("zone 2") is its value, on the thing that has it.
      { question: 'Which boats are held in docks in zone 2?', rows: ['Gull', 'Heron', 'Puffin', 'Tern'] },
    ],
  ],
  [
    'shop',
    SHOP,
    [
      {
        question: 'List the top 3 products that Ines Varga reviewed.',
        asks: /^“top” names nothing to rank the products by: by what\?$/,
        choices: ['By “added on”, latest first', 'By “price”, highest first', 'In no particular order'],
      },
      { question: 'List the top 3 products that Ines Varga reviewed.', chosen: ['top-by:Product.price'], text: /^The 3 products that Ines Varga reviewed with the highest price: Glass Vase \(60\), Steel Kettle \(40\) and Desk Lamp \(25\)\.$/ },
      { question: 'List the top 3 products that Ines Varga reviewed.', chosen: ['top-by:Product.addedOn'], text: /^The 3 products that Ines Varga reviewed added latest: Clay Mug \(2024-09-30\), Steel Kettle \(2024-02-01\) and Desk Lamp \(2023-06-15\)\.$/ },
      { question: 'List the top 3 products that Ines Varga reviewed.', chosen: ['top-by:none'], text: /^3 products .*, in no particular order \(“top” names nothing to rank by\): / },
      // Two match and three are asked for: both are the answer, in whatever order, and the price they are compared by does not rank.
      { question: 'List the top 3 products priced above 30.', text: /^2 products \(price above 30\): Glass Vase \(price 60\) and Steel Kettle \(price 40\)\.$/ },
      { question: 'Who are the top 2 users born after 1980?', text: /^2 users \(born after 1980\), in no particular order \(“top” names nothing to rank by\): Ines Varga \(born 1990\) and Lena Brandt \(born 1984\)\.$/ },
      { question: 'Which 2 products are the cheapest?', text: /^The 2 cheapest products: Clay Mug \(price 9\) and Desk Lamp \(price 25\)\.$/ },
      { question: 'Who is the youngest user?', text: /^Ines Varga is the youngest user \(born 1990\)\.$/ },
      // The ranking picks the cheapest product; everyone who reviewed it is the answer.
      { question: 'Who reviewed the cheapest product?', text: /^The users that reviewed the cheapest product: Ines Varga \(price 9\) and Omar Haddad \(price 9\)\.$/ },
      // Each product once, beside the youngest of the two who reviewed it.
      {
        question: 'Which products did the 2 youngest users review?',
        rows: ['Clay Mug', 'Desk Lamp', 'Glass Vase', 'Steel Kettle'],
        text: /^The products that the 2 youngest users reviewed: Clay Mug \(born 1990\), Desk Lamp \(born 1990\), Glass Vase \(born 1990\) and Steel Kettle \(born 1990\)\.$/,
      },
      { question: 'Which 2 users reviewed the cheapest products?', rows: ['Ines Varga', 'Omar Haddad'] },
      // Nothing of their own to rank by is named, but how many of the things the question joins them to is a measure too.
      {
        question: 'List the top 2 users who reviewed products.',
        asks: /^“top” names nothing to rank the users by: by what\?$/,
        choices: ['By “born”, latest first', 'By the number of products, most first', 'In no particular order'],
      },
      // Omar Haddad and Lena Brandt tie at second (1 product each).
      { question: 'List the top 2 users who reviewed products.', chosen: ['top-by:count:Product'], rows: ['Ines Varga', 'Lena Brandt', 'Omar Haddad'], text: /The last 2 tie at 1, so 3 are listed for the 2 asked\.$/ },
    ],
  ],
  [
    'sky',
    SKY,
    [
      {
        question: 'List the top 2 stars observed by Ada Moreau.',
        asks: /^“top” names nothing to rank the stars by: by what\?$/,
        choices: ['By “discovery year”, latest first', 'By “magnitude”, highest first', 'In no particular order'],
      },
      { question: 'List the top 2 stars observed by Ada Moreau.', chosen: ['top-by:Star.discoveryYear'], text: /^The 2 stars that Ada Moreau observed with the latest discovery year: Kestrel Nine \(2004\) and Pale Lantern \(1972\)\.$/ },
      { question: 'List the top 2 stars observed by Ada Moreau.', chosen: ['top-by:Star.magnitude'], text: /^The 2 stars that Ada Moreau observed with the highest magnitude: Kestrel Nine \(6\.8\) and Vela Prime \(4\.2\)\.$/ },
      { question: 'List the top 2 stars observed by Bo Lind.', text: /^Bo Lind observed 1 star: Kestrel Nine\.$/ },
      { question: 'Who are the top 2 astronomers born after 1950?', text: /^2 astronomers \(born after 1950\), in no particular order \(“top” names nothing to rank by\): Ada Moreau \(born 1961\) and Bo Lind \(born 1988\)\.$/ },
      { question: 'List the top 2 stars based on their magnitude.', text: /^The 2 stars with the highest magnitude: Kestrel Nine \(6\.8\) and Vela Prime \(4\.2\)\.$/ },
      { question: 'Show the top 1 astronomer according to the number of stars they observed.', text: /^Ada Moreau has the most stars \(4\)\.$/ },
      { question: 'List the top 2 stars in terms of magnitude.', text: /^The 2 stars with the highest magnitude: Kestrel Nine \(6\.8\) and Vela Prime \(4\.2\)\.$/ },
      { question: 'Show the top 1 astronomer in terms of the number of stars they observed.', text: /^Ada Moreau has the most stars \(4\)\.$/ },
      { question: 'Which 2 stars are the oldest?', text: /^The 2 oldest stars: Vela Prime \(discovery year 1890\) and Orin Minor \(discovery year 1955\)\.$/ },
      { question: 'Which star has the lowest magnitude?', text: /^Orin Minor has the lowest magnitude \(1\.1\)\.$/ },
      { question: 'Who observed the oldest star?', text: /^Ada Moreau observed the oldest star \(discovery year 1890\)\.$/ },
      { question: 'Which stars did the oldest astronomer observe?', rows: ['Kestrel Nine', 'Orin Minor', 'Pale Lantern', 'Vela Prime'], text: /^The stars that the oldest astronomer observed: / },
    ],
  ],
];

describe.each(cases)('"top" with nothing to rank by, and rankings said (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`topby${name}`, batch);

  it.each(questions)('$question $chosen', async ({ question, chosen, asks, choices, text, rows }) => {
    const answer = await planner().ask(question, undefined, chosen);
    if (asks) {
      expect(answer.cypher, answer.cypher).toBeUndefined();
      if (answer.reading.ok) throw new Error('answered');
      expect(answer.reading.reason).toMatch(asks);
      expect(answer.reading.choices?.map((c) => c.label)).toEqual(choices);
      return;
    }
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    if (text) expect(answer.text, answer.cypher).toMatch(text);
    if (rows) expect([...new Set(answer.rows.map((r) => String(r.name)))].sort(), answer.cypher).toEqual(rows);
  });
});
