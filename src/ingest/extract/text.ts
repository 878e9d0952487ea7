import type { Chunk, DocumentFacts } from '../types.js';
import { addKnownNames, type ReadSentence } from './text-known.js';
import { readChunk, type Mention } from './text-mentions.js';
import { findRelations, type PatternHit } from './text-patterns.js';
import { buildFacts } from './text-entities.js';

/**
 * Facts from free text without a model: name candidates found by compromise (people,
 * organizations, places, and proper nouns it cannot type, as `Thing`) and a few high-precision
 * patterns for typed relationships (text-patterns.ts). A name found once is found again at
 * sentence starts, where compromise misses names (text-known.ts). Synchronous and pure: it runs in the
 * parser's memory-capped child process.
 *
 * Chunks overlap, so a name in the overlap is read twice: a mention is counted once per place
 * in the full text. Where two readings of the same place differ (a chunk cut a name, or began
 * mid-sentence), the longer name is kept.
 */

export function extractFromText(options: { chunks: Chunk[]; onProgress?: (done: number, total: number) => void }): DocumentFacts {
  const { chunks, onProgress } = options;
  const sentences: ReadSentence[] = [];
  chunks.forEach((chunk, i) => {
    for (const sentence of readChunk({ chunk })) sentences.push({ chunk, sentence });
    onProgress?.(i + 1, chunks.length);
  });
  addKnownNames({ sentences });
  const mentions: Mention[] = [];
  const hits: PatternHit[] = [];
  for (const { chunk, sentence } of sentences) {
    mentions.push(...sentence.mentions);
    hits.push(...findRelations({ sentence, text: chunk.text, textStart: chunk.start }));
  }
  const kept = onePerPlace(mentions);
  // A hit read in one chunk stands on the same names read in its neighbour; on cut ones, it goes.
  const span = (m: Mention) => `${m.start}:${m.end}`;
  const keptAt = new Map([...kept].map((m) => [span(m), m]));
  const seen = new Set<string>();
  const distinctHits: PatternHit[] = [];
  for (const hit of hits) {
    const from = keptAt.get(span(hit.from));
    const to = keptAt.get(span(hit.to));
    const id = `${hit.type}:${hit.from.start}:${hit.to.start}`;
    if (!from || !to || seen.has(id)) continue;
    seen.add(id);
    distinctHits.push({ ...hit, from, to });
  }
  return buildFacts({ mentions: [...kept], hits: distinctHits });
}

/** Of mentions that overlap in the full text, the longest (then a strong one, then a typed one, then the first read). */
function onePerPlace(mentions: Mention[]): Set<Mention> {
  const order = new Map(mentions.map((m, i) => [m, i]));
  const rank = (m: Mention) => [m.end - m.start, m.weak ? 0 : 1, m.label === 'Thing' ? 0 : 1, -order.get(m)!];
  const better = (a: Mention, b: Mention) => {
    const [x, y] = [rank(a), rank(b)];
    return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]! || y[3]! - x[3]!;
  };
  const kept = new Set<Mention>();
  // Overlapping mentions form small clusters (within one chunk they never overlap): settle each apart.
  const settle = (cluster: Mention[]) => {
    const chosen: Mention[] = [];
    for (const m of cluster.sort(better)) if (!chosen.some((c) => c.start < m.end && m.start < c.end)) chosen.push(m);
    for (const m of chosen) kept.add(m);
  };
  let cluster: Mention[] = [];
  let clusterEnd = -1;
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    if (m.start >= clusterEnd && cluster.length > 0) {
      settle(cluster);
      cluster = [];
    }
    cluster.push(m);
    clusterEnd = Math.max(clusterEnd, m.end);
  }
  settle(cluster);
  return kept;
}
