import { describe, expect, it } from 'vitest';
import { analyze, quotedSpans } from '../../src/language/analyze.js';
import { lemmasOf } from '../../src/language/analyze.js';
import { agentNounsOf, eventNounsOf } from '../../src/planner/link/lexicon.js';

/** The language layer: words, their lemmas and parts of speech (compromise), numbers, quotes. */
describe('analyzing a question', () => {
  const words = (q: string) => analyze(q).map((t) => `${t.lemma}/${t.pos}`);

  it('gives each word its lemma and part of speech', () => {
    expect(words('Which physicians were licensed in 2012?')).toEqual(['which/wh', 'physician/noun', 'is/aux', 'license/verb', 'in/prep', '2012/num']);
    expect(analyze('Who are the supervisors of Amara Okafor?').find((t) => t.text === 'supervisors')?.lemma).toBe('supervisor');
    expect(analyze('How many people are there?').find((t) => t.text === 'people')?.lemma).toBe('person');
    expect(analyze('Which movies were written by her?').find((t) => t.text === 'written')?.lemma).toBe('write');
  });

  it('reads a plural the tagger took for a singular name by its lemma, and a request\'s first word as its verb', () => {
    expect(analyze('List the first 3 sender banks.').find((t) => t.text === 'banks')?.lemma).toBe('bank');
    expect(analyze('Which business has the most reviews?').find((t) => t.text === 'business')?.lemma).toBe('business');
    expect(words('List people born after 1980.').slice(0, 2)).toEqual(['list/verb', 'person/noun']);
    expect(words('Name of the oldest person?')[0]).toBe('name/noun');
    // The tagger takes "have" for a noun before a bare noun after a word it took for a verb.
    expect(words("Which boats have class 's'?")[2]).toBe('have/verb');
  });

  it('reads numbers, ordinals and decades', () => {
    const [five, third, decade, big] = ['five', 'third', '1990s', '1,500'].map((w) => analyze(`the ${w} thing`)[1]!);
    expect(five).toMatchObject({ number: 5, pos: 'num' });
    expect(third).toMatchObject({ number: 3, ordinal: true });
    expect(decade).toMatchObject({ decade: 1990, pos: 'num' });
    expect(big).toMatchObject({ number: 1500 });
  });

  it('keeps quoted text as one token, and a sign that ends a word with it', () => {
    const tokens = analyze("Which movies have the tagline 'Speed has no limits' and blood type AB+?");
    expect(tokens.find((t) => t.pos === 'quote')).toMatchObject({ text: 'Speed has no limits' });
    expect(tokens.at(-1)!.text).toBe('AB+');
    expect(quotedSpans("O'Brien's 'Quiet Hours' and “Night Trains”").map((q) => q.inner)).toEqual(['Quiet Hours', 'Night Trains']);
    // An apostrophe before a letter inside single quotes is the text's own.
    expect(quotedSpans("reviews that mention 'Ada's' or 'O'Neill Wharf'?").map((q) => q.inner)).toEqual(["Ada's", "O'Neill Wharf"]);
  });

  it('knows the closed classes compromise sometimes misreads', () => {
    expect(analyze('Which medications are used against asthma?').find((t) => t.text === 'against')?.pos).toBe('prep');
    expect(analyze('Does Ingrid treat Kari?')[0]!.pos).toBe('aux');
    expect(analyze('Which paper is cited the most?').find((t) => t.text === 'the')?.pos).toBe('det');
  });
});

describe('the words of the schema’s names', () => {
  it('reads relationship types as verbs and labels as nouns', () => {
    expect(lemmasOf(['directed'], 'verb')).toEqual(['direct']);
    expect(lemmasOf(['acted', 'in'], 'verb')).toEqual(['act', 'in']);
    expect(lemmasOf(['care', 'units'], 'noun')).toEqual(['care', 'unit']);
  });

  it('reads a label ending in -ing as the noun it is, not a gerund ("Seedling" is no form of "seedle")', () => {
    expect(lemmasOf(['seedling'], 'noun')).toEqual(['seedling']);
    expect(lemmasOf(['sapling'], 'noun')).toEqual(['sapling']);
    expect(lemmasOf(['duckling'], 'noun')).toEqual(['duckling']);
    expect(lemmasOf(['planting', 'site'], 'noun')).toEqual(['planting', 'site']);
  });

  it('names who does a relationship and the relationship itself', () => {
    expect(agentNounsOf('direct')).toContain('director');
    expect(agentNounsOf('supervise')).toContain('supervisor');
    expect(agentNounsOf('follow')).toContain('follower');
    expect(agentNounsOf('write')).toContain('writer');
    expect(eventNounsOf('admit')).toContain('admission');
    expect(eventNounsOf('enroll')).toContain('enrollment');
    expect(eventNounsOf('diagnose')).toContain('diagnosis');
    expect(eventNounsOf('cite')).toContain('citation');
  });
});

describe('amounts', () => {
  const numbers = (q: string) => analyze(q).filter((t) => t.number !== undefined).map((t) => t.number);
  const words = (q: string) => analyze(q).map((t) => t.lower);

  it('reads an amount whatever its currency sign, before or after', () => {
    expect(numbers('orders over $2,000,000')).toEqual([2000000]);
    expect(numbers('books under €25 or over 25€')).toEqual([25, 25]);
    expect(numbers('tickets below £10.50')).toEqual([10.5]);
  });

  it('reads a scale word as part of the number and a currency named beside it as nothing more', () => {
    expect(numbers('more than 1.5 million')).toEqual([1500000]);
    expect(numbers('over 2 billion dollars')).toEqual([2000000000]);
    expect(words('above USD 500 in total')).toEqual(['above', '500', 'in', 'total']);
    expect(words('over 2 million dollars')).toEqual(['over', '2 million']);
    // Not a number: "how many dollars" keeps its noun.
    expect(words('how many dollars')).toContain('dollars');
  });
});
