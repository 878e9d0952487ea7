import { describe, expect, it } from 'vitest';
import { pickOption } from '../../../src/planner/read/choice-reply.js';

const options = [
  { id: 'person:alex-kim-1', label: 'Alex Kim (Person, born 1985)', details: { name: 'Alex Kim' } },
  { id: 'person:alex-kim-2', label: 'Alex Kim (Person, born 1991)', details: { name: 'Alex Kim' } },
  { id: 'none', label: 'None of these' },
];
const cities = [
  { id: 'city:paris-fr', label: 'Paris (City, country France)', details: { name: 'Paris' } },
  { id: 'city:paris-tx', label: 'Paris (Town, country USA)', details: { name: 'Paris' } },
];

describe('a chat message as the answer to a waiting choice', () => {
  it.each([
    ['2', 'person:alex-kim-2'],
    ['#1', 'person:alex-kim-1'],
    ['The second one, please.', 'person:alex-kim-2'],
    ['the first', 'person:alex-kim-1'],
    ['I mean the 2nd one', 'person:alex-kim-2'],
    ['last', 'person:alex-kim-2'],
    ['Alex Kim (Person, born 1991)', 'person:alex-kim-2'],
    ['none of these', 'none'],
    ['Neither.', 'none'],
  ])('%j picks %s', (reply, id) => {
    expect(pickOption(reply, options, 'none')).toBe(id);
  });

  it.each([
    'Alex Kim', // two options are called that: the reply does not say which
    'Where does Alex Kim live?',
    'How many companies are there?',
    'the third one',
    'yes', // two options: "yes" says nothing
    '',
  ])('%j is a new message', (reply) => {
    expect(pickOption(reply, options, 'none')).toBeUndefined();
  });

  it('names an option by the name in it, whatever its case and accents; "yes" takes the one offered', () => {
    expect(pickOption('paris (town, country usa)', cities)).toBe('city:paris-tx');
    expect(pickOption('paris', cities)).toBeUndefined();
    expect(pickOption('Yes', [cities[0]!])).toBe('city:paris-fr');
    expect(pickOption('PARÍS', [cities[0]!])).toBe('city:paris-fr');
    expect(pickOption('none', cities)).toBeUndefined();
  });
});
