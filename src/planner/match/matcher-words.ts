import { matcherWords, type MatcherWords } from './question.js';

/** A deployment synonym as the matcher reads it. */
export interface MatcherSynonym {
  word: string;
  stands_for: string;
  kind: 'label' | 'relationship' | 'property';
}

/**
 * The template matcher's words, built from the deployment's synonyms when first asked for and
 * kept until they change (`invalidate`, called when any process changes a synonym).
 */
export class MatcherWordsCache {
  private current: Promise<MatcherWords> | undefined;

  constructor(private readonly deps: { synonyms: () => Promise<readonly MatcherSynonym[]> }) {}

  /** The words now; a failed read is not kept. */
  read = (): Promise<MatcherWords> => {
    const current = (this.current ??= this.deps.synonyms().then(matcherWords));
    current.catch(() => {
      if (this.current === current) this.current = undefined;
    });
    return current;
  };

  invalidate(): void {
    this.current = undefined;
  }
}
