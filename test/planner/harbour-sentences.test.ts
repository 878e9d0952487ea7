import { describe, expect, it } from 'vitest';
import { harbourPlanner } from './constructions/harbour.js';

/**
 * What the answer says on the invented harbour, where a sentence once misread the graph's names or
 * dropped a part of the reading, and what a question that reads two things as one says.
 */
describe('sentences and readings on the harbour', () => {
  const ask = harbourPlanner('harbour sentences');

  it('says a relationship named by a past verb alone as that verb (MADE: "made a voyage", "did not make")', async () => {
    expect((await ask('Which vessels made voyages?')).answer.text).toMatch(/vessels that made a voyage: Kestrel, Morning Star and Sea Wolf/);
    const none = (await ask('Which vessels have no voyages?')).answer;
    expect(none.cypher).toMatch(/NOT \(n0\)-\[:MADE\]->/);
    expect(none.text).toMatch(/no vessels that did not make any voyage/);
  });

  it('says a property not recorded as the question said it, and reads "are without a motto"', async () => {
    expect((await ask('Which vessels have no motto?')).answer.text).toBe('1 vessel (without a motto): Morning Star.');
    expect((await ask('Which vessels have a motto?')).answer.text).toBe('2 vessels (with a motto): Kestrel and Sea Wolf.');
    const without = (await ask('Which vessels are without a motto?')).answer;
    expect(without.cypher).toMatch(/n0\.motto IS NULL/);
  });

  it('says both relationships to one thing when none is found ("inspected and command the same vessel")', async () => {
    const { answer } = await ask('Which captains inspect and command vessels?');
    expect(answer.rows).toEqual([]);
    expect(answer.text).toBe('I found no captains that inspected and command the same vessel.');
  });

  it('reads "… and who are they?" after a list as the things listed, not as someone else', async () => {
    const { answer } = await ask('Which captains command vessels and who are they?');
    expect(answer.reading.ok).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Ines', 'Tor']);
  });

  it('asks how an unlabelled "who" is joined with real ways, each naming the kinds it joins', async () => {
    const { answer } = await ask('Who looks after the Kestrel?');
    expect(answer.reading.ok).toBe(false);
    if (answer.reading.ok) return;
    expect(answer.reading.reason).toBe('someone and Kestrel are related in more than one way: which one do you mean?');
    expect(answer.reading.choices?.map((c) => c.label)).toEqual(['captains and Kestrel joined by “commands”', 'captains and Kestrel joined by “inspected”']);
  });

  it('declines a comparison of two named things it cannot place, never reading it as a relationship between them', async () => {
    for (const [question, said] of [
      ['Is the Kestrel heavier than the Sea Wolf?', 'Kestrel and Sea Wolf by “heavier”'],
      ['Does Ines have more vessels than Tor?', 'Ines and Tor by “more vessels”'],
    ] as const) {
      const { answer } = await ask(question);
      expect(answer.reading.ok, question).toBe(false);
      if (!answer.reading.ok) expect(answer.reading.reason).toBe(`I can’t tell how to compare ${said} here`);
    }
    // Said by the relationship, the count is compared.
    expect((await ask('Does Ines command more vessels than Tor?')).answer.text).toBe('Yes: Ines has more vessels (2) than Tor (1).');
  });

  it('reads "contain"/"include" before a kind of thing as joining it, not as text containing it, and says a relationship named by a preposition', async () => {
    expect((await ask('Which ports contain vessels built after 2000?')).answer.rows.map((r) => r.name)).toEqual(['Bergen', 'Porto']);
    const { answer } = await ask('Which vessels include voyages to Oslo?');
    expect(answer.rows.map((r) => r.name)).toEqual(['Kestrel', 'Morning Star']);
    expect(answer.text).toContain('a voyage (that is to Oslo)');
    // Before a quoted text, "contain" is still text containment.
    expect((await ask("Which vessels have a motto that contains 'onward'?")).answer.rows.map((r) => r.name)).toEqual(['Sea Wolf']);
  });

  it('reads a quoted year after a preposition as that year', async () => {
    expect((await ask("Which vessels were built in '1998'?")).answer.rows.map((r) => r.name)).toEqual(['Sea Wolf']);
    expect((await ask("Which voyages departed before '2021'?")).answer.rows.map((r) => r.name)).toEqual(['V1', 'V3']);
  });

  it('reads a relationship between peers named "linked to" either way round (stored Oslo → Bergen; "Is Oslo linked to Bergen?" was "No")', async () => {
    const yes = (await ask('Is Oslo linked to Bergen?')).answer;
    expect(yes.cypher).toContain('-[r0:LINKED_TO]-(');
    expect(yes.text).toBe('Yes: Oslo is linked to Bergen.');
    expect((await ask('Is Bergen linked to Oslo?')).answer.text).toBe('Yes: Bergen is linked to Oslo.');
    expect((await ask('Which port is Oslo linked to?')).answer.rows.map((r) => r.name)).toEqual(['Bergen']);
    expect((await ask('Which ports are linked to Oslo?')).answer.rows.map((r) => r.name)).toEqual(['Bergen']);
    // Oslo is not linked to itself, and is no answer to which ports are not linked to it.
    expect((await ask('Which ports are not linked to Oslo?')).answer.rows.map((r) => r.name)).toEqual(['Porto']);
  });
});
