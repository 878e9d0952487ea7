import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/ingest/chunk.js';
import { extractFromText } from '../../../src/ingest/extract/text.js';
import type { Chunk, DocumentFacts, ExtractedDocument } from '../../../src/ingest/types.js';

/** Free text without a model: compromise's names and a few relationship patterns. */

const one = (text: string): Chunk[] => [{ index: 0, text, start: 0, end: text.length }];
const entity = (facts: DocumentFacts, name: string) => facts.entities.find((e) => e.name === name);
const names = (facts: DocumentFacts) => facts.entities.map((e) => e.name).sort();
const triples = (facts: DocumentFacts) => {
  const name = (ref: string) => facts.entities.find((e) => e.ref === ref)?.name ?? ref;
  return facts.relations.map((r) => `${name(r.from)} ${r.type} ${name(r.to)}`).sort();
};

/** Real chunks of a document of blocks (one per page), as the chunker cuts them. */
function chunked(pages: string[], size: { chunkChars: number; chunkOverlap: number }): { text: string; chunks: Chunk[] } {
  let offset = 0;
  const blocks = pages.map((text, i) => {
    const block = { text, page: i + 1, offset };
    offset += text.length + 1;
    return block;
  });
  const doc: ExtractedDocument = { format: 'pdf', blocks, chars: offset - 1, pages: pages.length, warnings: [] };
  return { text: pages.join('\n'), chunks: chunkDocument(doc, size) };
}

describe('extractFromText', () => {
  it('finds people, organizations and places at offsets of the full text, each place once although chunks overlap', () => {
    const { text, chunks } = chunked(
      [
        'Maren Holt runs the lab. Holt said the results were good. The team met Maren Holt in Tallinn on Monday.',
        'Later, Maren Holt flew to Riga with Priya Vance. Priya Vance works at Osterby Freight. It was a long week for Maren Holt, who lives in Tallinn.',
      ],
      { chunkChars: 80, chunkOverlap: 30 },
    );
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.some((c, i) => i > 0 && c.start < chunks[i - 1]!.end)).toBe(true);
    const facts = extractFromText({ chunks });

    expect(names(facts)).toEqual(['Maren Holt', 'Osterby Freight', 'Priya Vance', 'Riga', 'Tallinn']);
    const holt = entity(facts, 'Maren Holt')!;
    expect(holt).toMatchObject({ ref: 't:person:maren holt', labels: ['Person'], mentions: 5, aliases: ['Holt'] });
    expect(holt.evidence).toHaveLength(5);
    expect(holt.evidence.map((e) => text.slice(e.start, e.end))).toEqual(['Maren Holt', 'Holt', 'Maren Holt', 'Maren Holt', 'Maren Holt']);
    expect(holt.evidence[0]).toMatchObject({ chunk: 0, page: 1, extractor: 'nlp', snippet: 'Maren Holt runs the lab.' });
    // A chunk's page is the page of its first character: so is its evidence's.
    for (const e of facts.entities.flatMap((x) => x.evidence)) expect(e.page).toBe(chunks.find((c) => c.index === e.chunk)!.page);
    expect(entity(facts, 'Priya Vance')!.evidence.at(-1)!.page).toBe(2);
    expect(entity(facts, 'Tallinn')).toMatchObject({ labels: ['Place'], mentions: 2 });
    expect(triples(facts)).toEqual(['Maren Holt LIVES_IN Tallinn', 'Priya Vance WORKS_AT Osterby Freight']);
    for (const e of facts.entities.flatMap((x) => x.evidence)) {
      expect(e.snippet.length).toBeLessThanOrEqual(200);
      expect(chunks.find((c) => c.index === e.chunk)!.start).toBeLessThanOrEqual(e.start);
    }
  });

  it('drops what is no name: pronouns, days and months, single letters, lower case, numbers, titles alone', () => {
    const facts = extractFromText({
      chunks: one('She met him on Monday in March. Then X left. The CEO said 42 things. Dr. Holt arrived. They said Mr. was late. The ceo of acme corp agreed. Ingrid Valtonen nodded.'),
    });
    expect(names(facts)).toEqual(['Holt', 'Ingrid Valtonen']);
  });

  it('strips honorifics and possessives: "Dr. Maren Holt’s" is Maren Holt', () => {
    const text = "Dr. Maren Holt's lab opened in Tallinn. Maren Holt thanked the staff.";
    const facts = extractFromText({ chunks: one(text) });
    const holt = entity(facts, 'Maren Holt')!;
    expect(holt.mentions).toBe(2);
    expect(holt.evidence.map((e) => text.slice(e.start, e.end))).toEqual(['Maren Holt', 'Maren Holt']);
  });

  it('keeps names mentioned once (the resolver decides on them), with a confidence that grows with mentions', () => {
    const text = Array.from({ length: 7 }, (_, i) => `On day ${i + 1} Priya Vance wrote a report.`).join(' ') + ' Omar Feld read one.';
    const facts = extractFromText({ chunks: one(text) });
    const vance = entity(facts, 'Priya Vance')!;
    expect(vance.mentions).toBe(7);
    expect(vance.evidence).toHaveLength(5);
    expect(vance.evidence.every((e) => e.confidence === 0.9)).toBe(true);
    expect(entity(facts, 'Omar Feld')).toMatchObject({ mentions: 1, evidence: [{ confidence: 0.5 }] });
  });

  it.each([
    ['Marek Dvoran, CEO of Ostrava Robotics, spoke first.', 'Marek Dvoran WORKS_AT Ostrava Robotics', { role: 'CEO' }],
    ['Marek Dvoran, the chief scientist at Ostrava Robotics, spoke first.', 'Marek Dvoran WORKS_AT Ostrava Robotics', { role: 'chief scientist' }],
    ["The deal was signed by Ostrava Robotics's CTO Marek Dvoran on Friday.", 'Marek Dvoran WORKS_AT Ostrava Robotics', { role: 'CTO' }],
    ['Yesterday Marek Dvoran is the president of Ostrava Robotics, they say.', 'Marek Dvoran WORKS_AT Ostrava Robotics', { role: 'president' }],
    ['In 2020 Priya Vance joined Osterby Freight as an analyst.', 'Priya Vance WORKS_AT Osterby Freight', { role: 'analyst' }],
    ['Priya Vance joined Osterby Freight in 2019 as a driver.', 'Priya Vance WORKS_AT Osterby Freight', { since: 2019, role: 'driver' }],
    ['Priya Vance works at Osterby Freight Ltd. as chief engineer and plays chess.', 'Priya Vance WORKS_AT Osterby Freight Ltd', { role: 'chief engineer' }],
    ['Osterby Freight Inc., a haulier based in Rotterdam, grew.', 'Osterby Freight Inc LOCATED_IN Rotterdam', {}],
    ['For years Priya Vance worked for Osterby Freight.', 'Priya Vance WORKS_AT Osterby Freight', {}],
    ['Since May Priya Vance is employed by Osterby Freight.', 'Priya Vance WORKS_AT Osterby Freight', {}],
    ['Since 2001 Osterby Freight is located in Rotterdam.', 'Osterby Freight LOCATED_IN Rotterdam', {}],
    ['For now Osterby Freight is headquartered in Rotterdam.', 'Osterby Freight LOCATED_IN Rotterdam', {}],
    ['We know Osterby Freight, a shipping firm based in Rotterdam, well.', 'Osterby Freight LOCATED_IN Rotterdam', {}],
    ['Today Priya Vance lives in Rotterdam.', 'Priya Vance LIVES_IN Rotterdam', {}],
    ['Since April Maren Holt has lived in Tallinn.', 'Maren Holt LIVES_IN Tallinn', {}],
    ['In 2012 Priya Vance founded Osterby Freight.', 'Priya Vance FOUNDED Osterby Freight', {}],
    ['We met Priya Vance, co-founder of Osterby Freight, there.', 'Priya Vance FOUNDED Osterby Freight', {}],
  ])('reads a typed relationship: %s', (text, triple, properties) => {
    const facts = extractFromText({ chunks: one(text) });
    expect(triples(facts)).toEqual([triple]);
    const relation = facts.relations[0]!;
    expect(relation.properties).toEqual(properties);
    expect(relation.evidence).toEqual([expect.objectContaining({ chunk: 0, extractor: 'pattern', confidence: 0.9, snippet: text })]);
    const [from, to] = [facts.entities.find((e) => e.ref === relation.from)!, facts.entities.find((e) => e.ref === relation.to)!];
    expect(text.slice(relation.evidence[0]!.start, relation.evidence[0]!.end)).toContain(from.name);
    expect(text.slice(relation.evidence[0]!.start, relation.evidence[0]!.end)).toContain(to.name);
    expect(from.evidence.every((e) => e.confidence === 0.9)).toBe(true);
  });

  it('reads every founder of a list, and gives pattern ends the label the pattern implies', () => {
    const facts = extractFromText({ chunks: one('We visited Ostrava Robotics. Ostrava Robotics was founded by Jana Kubelik, Marek Dvoran and Ilse Brandt in Brno.') });
    expect(triples(facts)).toEqual(['Ilse Brandt FOUNDED Ostrava Robotics', 'Jana Kubelik FOUNDED Ostrava Robotics', 'Marek Dvoran FOUNDED Ostrava Robotics']);
    expect(entity(facts, 'Marek Dvoran')!.labels).toEqual(['Person']);
    expect(entity(facts, 'Ostrava Robotics')!.labels).toEqual(['Organization']);
    const located = extractFromText({ chunks: one('Since 2019 Kelvin Yard is based in Brno.') });
    expect(entity(located, 'Brno')!.labels).toEqual(['Place']);
    expect(entity(located, 'Kelvin Yard')!.labels).toEqual(['Organization']);
  });

  it('reads supplies, and a clause after an appositive as the appositive subject’s (a relative clause as the nearest name’s)', () => {
    expect(triples(extractFromText({ chunks: one('Osterby Freight, based in Duisburg, supplies pallets to Kelvin Yard.') }))).toEqual([
      'Osterby Freight LOCATED_IN Duisburg',
      'Osterby Freight SUPPLIES Kelvin Yard',
    ]);
    expect(triples(extractFromText({ chunks: one('Since May, Rheinfeld Logistics supplies Kelvin Yard. Kelvin Yard buys its steel from Ostrava Robotics.') }))).toEqual([
      'Ostrava Robotics SUPPLIES Kelvin Yard',
      'Rheinfeld Logistics SUPPLIES Kelvin Yard',
    ]);
    expect(triples(extractFromText({ chunks: one('Her son, Omar Feld, is the director of Osterby Freight, which is based in Duisburg.') }))).toEqual([
      'Omar Feld WORKS_AT Osterby Freight',
      'Osterby Freight LOCATED_IN Duisburg',
    ]);
  });

  it('reads a sentence across a line break (a PDF drawn line by line), not a heading into the line after it', () => {
    const facts = extractFromText({ chunks: one('Partners\nOsterby Freight, based in Duisburg, supplies pallets\nto Kelvin Yard.') });
    expect(triples(facts)).toEqual(['Osterby Freight LOCATED_IN Duisburg', 'Osterby Freight SUPPLIES Kelvin Yard']);
    expect(names(facts)).toEqual(['Duisburg', 'Kelvin Yard', 'Osterby Freight']);
  });

  it('reads no relationship across sentences or over another name', () => {
    expect(extractFromText({ chunks: one('We met Priya Vance. Osterby Freight is in the news.') }).relations).toEqual([]);
    expect(triples(extractFromText({ chunks: one('We met Priya Vance and Omar Feld, who lives in Rotterdam.') }))).toEqual(['Omar Feld LIVES_IN Rotterdam']);
  });

  it('counts a capitalized word at a sentence’s start only as a name found elsewhere', () => {
    const facts = extractFromText({ chunks: one('Company note: we met Ingrid Valtonen. Valtonen studied at the University of Turku. Several people came.') });
    expect(names(facts)).toEqual(['Ingrid Valtonen', 'University of Turku']);
    expect(entity(facts, 'Ingrid Valtonen')).toMatchObject({ mentions: 2, aliases: ['Valtonen'] });
    const known = extractFromText({ chunks: one('We hired Rheinfeld Logistics GmbH. Rheinfeld Logistics GmbH is based in Duisburg.') });
    expect(triples(known)).toEqual(['Rheinfeld Logistics GmbH LOCATED_IN Duisburg']);
  });

  it('survives text that is no prose: symbols, scripts, endless capitals, no punctuation', () => {
    const texts = [
      '😀 Élodie Brassard 🎉 met 李小龙 in Zürich. مرحبا \u0000\uFFFF Ἀθῆναι.',
      'Word '.repeat(400),
      'Ana Lopes met Bo Ranta and '.repeat(60),
      'Dr. Mr. Mrs. Prof. CEO CTO.',
      '(((Maren Holt))) [Riga] "Tallinn", — Osterby Freight; ...',
    ];
    for (const text of texts) {
      const facts = extractFromText({ chunks: one(text) });
      for (const e of facts.entities) {
        expect(e.name.length).toBeLessThanOrEqual(200);
        for (const ev of e.evidence) expect(text.slice(ev.start, ev.end).length).toBeGreaterThan(0);
      }
    }
    expect(extractFromText({ chunks: one('Word '.repeat(400)) }).entities).toEqual([]);
    expect(names(extractFromText({ chunks: one('Ana Lopes met Bo Ranta and '.repeat(60)) }))).toEqual(['Ana Lopes', 'Bo Ranta']);
  });

  it('reports progress per chunk, and gives the same plain facts for the same chunks', () => {
    const { chunks } = chunked(['Priya Vance works at Osterby Freight. Omar Feld lives in Rotterdam. Ilse Brandt founded Kestrel Works.'], { chunkChars: 50, chunkOverlap: 10 });
    const calls: [number, number][] = [];
    const facts = extractFromText({ chunks, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual(chunks.map((_, i) => [i + 1, chunks.length]));
    expect(extractFromText({ chunks })).toEqual(facts);
    expect(JSON.parse(JSON.stringify(facts))).toEqual(facts);
    expect(extractFromText({ chunks: [] })).toEqual({ entities: [], relations: [], warnings: [] });
  });
});
