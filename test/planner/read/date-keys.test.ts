import { describe, expect, it } from 'vitest';
import { keyHoldsDate } from '../../../src/planner/read/cues.js';

/** Whether a key, known by its words alone, holds a date or a year: as the answer's sentences ask it ("later than", not "more than"). */
describe('keys that hold dates', () => {
  it.each(['releaseYear', 'shipped_date', 'createdOn', 'updated_at', 'lastUpdated', 'startTime', 'dayOfWeek', 'memberSince', 'born', 'founded', 'year', 'published', 'timestamp'])('%s holds a date', (key) => {
    expect(keyHoldsDate(key)).toBe(true);
  });

  it.each(['person', 'season', 'mandate', 'name', 'price', 'on', 'at', 'runtime', 'daysAtSea'])('%s does not', (key) => {
    expect(keyHoldsDate(key)).toBe(false);
  });
});
