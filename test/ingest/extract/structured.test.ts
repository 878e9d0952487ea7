import { describe, expect, it } from 'vitest';
import { extractCsv } from '../../../src/ingest/extract/structured-csv.js';
import { extractJson } from '../../../src/ingest/extract/structured-json.js';
import { extractMarkdown } from '../../../src/ingest/extract/structured-markdown.js';
import { parseDocument } from '../../../src/ingest/parse/index.js';
import type { DocumentFacts, DocumentFormat } from '../../../src/ingest/types.js';
import { limits } from '../fixtures.js';

const parse = (format: DocumentFormat, text: string) => parseDocument({ bytes: new TextEncoder().encode(text), format, limits: limits() });
const byName = (facts: DocumentFacts, name: string) => facts.entities.find((e) => e.name === name);
const triples = (facts: DocumentFacts) => {
  const name = (ref: string) => facts.entities.find((e) => e.ref === ref)?.name ?? ref;
  return facts.relations.map((r) => `${name(r.from)} ${r.type} ${name(r.to)}`).sort();
};

/** Structured files become facts exactly: nodes, typed values, relationships named after their columns or properties. */
describe('structured extraction', () => {
  it('a CSV with a header: keys from the id column, labels from the type column, typed values, key columns as relationships', async () => {
    const doc = await parse('csv', 'id,name,type,age,active,joined,manager_id\ne1,Ada Quill,Person,41,true,2021-03-04,\ne2,Bo Lind,Person,35,false,2022-01-01,e1\n');
    const facts = extractCsv({ document: doc, sourceName: 'staff.csv' });
    expect(byName(facts, 'Bo Lind')).toMatchObject({
      key: 'person:e2',
      labels: ['Person'],
      properties: { age: 35, active: false, joined: '2022-01-01' },
    });
    expect(byName(facts, 'Bo Lind')!.properties).not.toHaveProperty('manager_id');
    expect(byName(facts, 'Bo Lind')!.evidence[0]).toMatchObject({ extractor: 'csv', chunk: -1, confidence: 1 });
    expect(byName(facts, 'Bo Lind')!.evidence[0]!.snippet).toContain('Bo Lind');
    expect(triples(facts)).toEqual(['Bo Lind MANAGER Ada Quill']);
  });

  it('a numeric column that happens to match numeric ids stays a property; one named as a reference links', async () => {
    const doc = await parse('csv', 'id,name,type,age,boss_id\n1,Ada,Person,2,\n2,Bo,Person,1,1\n');
    const facts = extractCsv({ document: doc, sourceName: 'people.csv' });
    expect(byName(facts, 'Bo')!.properties).toMatchObject({ age: 1 });
    expect(triples(facts)).toEqual(['Bo BOSS Ada']);
  });

  it('labels rows after the file’s name, made singular, when there is no type column; a name column keys them', async () => {
    const doc = await parse('csv', 'name,founded\nVantor Robotics,2017\nKeldan Foundry,1998\n');
    const facts = extractCsv({ document: doc, sourceName: 'companies.csv' });
    expect(byName(facts, 'Vantor Robotics')).toMatchObject({ labels: ['Company'], key: 'company:vantor-robotics', properties: { founded: 2017 } });
    expect(extractCsv({ document: doc, sourceName: 'people.csv' }).entities[0]!.labels).toEqual(['Person']);
  });

  it('an edge list becomes relationships between references', async () => {
    const doc = await parse('csv', 'source,target,type\nAda Quill,Vantor Robotics,works at\nAda Quill,Bo Lind,knows\n');
    const facts = extractCsv({ document: doc, sourceName: 'edges.csv' });
    expect(triples(facts)).toEqual(['Ada Quill KNOWS Bo Lind', 'Ada Quill WORKS_AT Vantor Robotics']);
    expect(facts.entities.every((e) => e.reference)).toBe(true);
    const spo = extractCsv({ document: await parse('csv', 'subject,predicate,object\nA1,partner of,B2\n'), sourceName: 'x.csv' });
    expect(triples(spo)).toEqual(['A1 PARTNER_OF B2']);
  });

  it('JSON-LD: objects with ids are nodes, nested objects with ids relationships named after their property (or the relation its words are, as text says it); no remote context is read', async () => {
    const doc = await parse(
      'jsonld',
      JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@id': 'https://ex.org/ada', '@type': 'Person', name: 'Ada Quill', birthYear: 1983, worksFor: { '@id': 'https://ex.org/vantor' }, memberOf: { '@id': 'https://ex.org/vantor' } },
          { '@id': 'https://ex.org/vantor', '@type': 'schema:Organization', name: 'Vantor Robotics', tags: ['robots', 'warehouses'] },
        ],
      }),
    );
    const facts = extractJson({ document: doc });
    expect(byName(facts, 'Ada Quill')).toMatchObject({ key: 'https://ex.org/ada', labels: ['Person'], properties: { birth_year: 1983 } });
    expect(byName(facts, 'Vantor Robotics')).toMatchObject({ labels: ['Organization'], properties: { tags: ['robots', 'warehouses'] } });
    // "works for" is the WORKS_AT of "X works for Y" in free text (text-patterns.ts).
    expect(triples(facts).sort()).toEqual(['Ada Quill MEMBER_OF Vantor Robotics', 'Ada Quill WORKS_AT Vantor Robotics']);
  });

  it('JSON Lines with plain ids, a string naming another object’s id, and lists of linked objects', async () => {
    const doc = await parse('jsonl', ['{"id":"p1","type":"Person","name":"Ada","mentor":"p2","projects":[{"id":"x1","type":"Project","name":"Atlas"}]}', '{"id":"p2","type":"Person","name":"Bo"}'].join('\n'));
    const facts = extractJson({ document: doc });
    expect(byName(facts, 'Ada')!.key).toBe('person:p1');
    expect(triples(facts)).toEqual(['Ada MENTOR Bo', 'Ada PROJECTS Atlas']);
  });

  it('Markdown: the front matter describes one node; its wiki-links become relationships', async () => {
    const doc = await parse('markdown', '---\ntitle: Vantor Robotics\ntype: organization\nfounded: 2017\naliases: [Vantor]\n---\n# Vantor\n\nPartner of [[Keldan Foundry]] and [[Ada Quill|Ada]].\n');
    const facts = extractMarkdown({ document: doc, sourceName: 'vantor.md' });
    expect(byName(facts, 'Vantor Robotics')).toMatchObject({ labels: ['Organization'], aliases: ['Vantor'], properties: { founded: 2017 } });
    expect(triples(facts)).toEqual(['Vantor Robotics LINKS_TO Ada Quill', 'Vantor Robotics LINKS_TO Keldan Foundry']);
    const link = facts.relations[0]!.evidence[0]!;
    expect(doc.blocks.map((b) => b.text).join('\n').slice(link.start, link.end)).toMatch(/^\[\[/);
  });

  it('Markdown: a wiki-link in a front-matter field is a relationship named after the field, and no value keeps its brackets', async () => {
    const doc = await parse(
      'markdown',
      '---\ntitle: Keel & Co\ntype: shipyard\nhome_port: "[[Tromsø]]"\nbuilds:\n  - "[[Sea Wolf]]"\n  - "[[Grey Heron|the Heron]]"\nmotto: "Built [[North]] strong"\n---\nA yard.\n',
    );
    const facts = extractMarkdown({ document: doc, sourceName: 'keel.md' });
    expect(triples(facts)).toEqual(['Keel & Co BUILDS Grey Heron', 'Keel & Co BUILDS Sea Wolf', 'Keel & Co HOME_PORT Tromsø', 'Keel & Co MOTTO North']);
    expect(byName(facts, 'Keel & Co')?.properties).toEqual({ home_port: 'Tromsø', builds: ['Sea Wolf', 'the Heron'], motto: 'Built North strong' });
    expect(byName(facts, 'Tromsø')).toMatchObject({ labels: ['Thing'], reference: true });
    // The evidence quotes the file as it is; names and values hold no brackets.
    const texts = facts.entities.flatMap((e) => [e.name, ...Object.values(e.properties).flat().map(String)]);
    expect(texts.filter((t) => /\[\[|\]\]/.test(t))).toEqual([]);
  });
});
