/**
 * One list of hits from several text indexes (the names written through `upsert`, and each of a
 * graph's own naming properties). Their BM25 scores do not compare: a small index's whole-value
 * hit ("6.4", the one meter of that reading) scores below a large index's partial ones (every
 * cabinet whose name holds "6" and "4"), so ranking by score alone lets the partial hits fill
 * the limit. Merged by rank instead: every index's best hit first, then every second best, and so
 * on (by score within a rank); a thing found by two indexes keeps its better place.
 */
export function mergeByRank<Id>(lists: readonly (readonly (readonly [Id, number])[])[], limit: number): [Id, number][] {
  const best = new Map<Id, { rank: number; score: number }>();
  for (const hits of lists) {
    hits.forEach(([id, score], rank) => {
      const had = best.get(id);
      if (!had || rank < had.rank || (rank === had.rank && score > had.score)) best.set(id, { rank, score });
    });
  }
  return [...best]
    .sort((a, b) => a[1].rank - b[1].rank || b[1].score - a[1].score)
    .slice(0, limit)
    .map(([id, { score }]) => [id, score]);
}
