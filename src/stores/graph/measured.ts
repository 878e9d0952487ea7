import { DomainError } from '../../platform/domain-error.js';
import type { GraphOutcome } from '../../platform/metrics/metrics.js';
import type { GraphStore } from './port.js';

/** What a refused or failed read-only query was, by the error the store threw. */
export function graphOutcomeOf(error: unknown): GraphOutcome {
  if (!(error instanceof DomainError)) return 'failed';
  if (error.category === 'unavailable') return 'unavailable';
  if (error.kind === 'query-timeout') return 'timeout';
  if (error.kind === 'query-memory' || error.kind === 'result-too-large') return 'memory';
  if (error.kind === 'cypher-failed') return 'failed';
  return 'refused';
}

/**
 * The same store, its read-only queries timed (`observe` gets the outcome and the seconds).
 * A proxy, not a copy: whatever the store keeps on itself stays its own.
 */
export function measureGraphReads(graph: GraphStore, observe: (outcome: GraphOutcome, seconds: number) => void): GraphStore {
  const runReadOnly: GraphStore['runReadOnly'] = async (cypher, params, opts) => {
    const started = performance.now();
    try {
      const result = await graph.runReadOnly(cypher, params, opts);
      observe('ok', (performance.now() - started) / 1000);
      return result;
    } catch (error) {
      observe(graphOutcomeOf(error), (performance.now() - started) / 1000);
      throw error;
    }
  };
  return new Proxy(graph, { get: (target, key, receiver) => (key === 'runReadOnly' ? runReadOnly : Reflect.get(target, key, receiver)) });
}
