import { describe, expect, it } from 'vitest';
import { isUnavailable } from '../../src/platform/unavailable.js';

describe('telling an outage from a bug', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['terminated by the server', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['connection ended', new Error('Connection terminated unexpectedly')],
    ['past the statement timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['a lock not granted', Object.assign(new Error('could not obtain lock on row in relation "runs"'), { code: '55P03' })],
    ['pool could not connect', new Error('timeout exceeded when trying to connect')],
    ['silent network', new Error('Query read timeout')],
    ['redis gone', new Error('Connection is closed.')],
    ['neo4j gone', Object.assign(new Error('Could not perform discovery'), { code: 'ServiceUnavailable' })],
    ['wrapped', new Error('the step failed', { cause: Object.assign(new Error('x'), { code: 'ETIMEDOUT' }) })],
  ])('%s is unavailable', (_name, error) => expect(isUnavailable(error)).toBe(true));

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a constraint', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => expect(isUnavailable(error)).toBe(false));
});
