/**
 * Questions over the demo graph (./graph.ts) with read-only Cypher, offered as templates when
 * the demo data is loaded. The Cypher holds literal values, each written verbatim in its
 * question: approving a template turns those literals into parameters.
 */
export const DEMO_TEMPLATES: readonly { question: string; cypher: string }[] = [
  {
    question: 'Who works at Nimbus Labs?',
    cypher: "MATCH (p:Person)-[w:WORKS_AT]->(c:Company {name: 'Nimbus Labs'}) RETURN p.name AS name, w.role AS role, w.since AS since ORDER BY name",
  },
  {
    question: 'Which projects use Rust?',
    cypher: "MATCH (p:Project)-[:USES]->(t:Technology {name: 'Rust'}) RETURN p.name AS project, p.stars AS stars ORDER BY stars DESC, project",
  },
  {
    question: 'Which companies are located in Berlin?',
    cypher: "MATCH (c:Company)-[:LOCATED_IN]->(city:City {name: 'Berlin'}) RETURN c.name AS company, c.industry AS industry ORDER BY company",
  },
  {
    question: 'How many people live in Tokyo?',
    cypher: "MATCH (p:Person)-[:LIVES_IN]->(c:City {name: 'Tokyo'}) RETURN count(p) AS people",
  },
  {
    question: 'Which papers cite Elastic Consensus for Geo-Distributed Stores?',
    cypher:
      "MATCH (citing:Paper)-[:CITES]->(cited:Paper {name: 'Elastic Consensus for Geo-Distributed Stores'}) RETURN citing.name AS paper, citing.year AS year ORDER BY year, paper",
  },
  {
    question: 'What is the total number of employees of companies located in San Francisco?',
    cypher: "MATCH (c:Company)-[:LOCATED_IN]->(city:City {name: 'San Francisco'}) RETURN sum(c.employees) AS employees",
  },
];
