import { describe, expect, it } from 'vitest';
import {
  claimAtPath,
  effectiveRoles,
  hasAnyRole,
  hasRole,
  parseRoles,
  readClaim,
  rolesFromClaims,
  type Role,
} from '../../../src/platform/auth/roles.js';

const principal = (...roles: Role[]) => ({ roles });

describe('roles', () => {
  it('a role implies the lower ones: admin ⊇ curator ⊇ reviewer ⊇ user', () => {
    expect(hasRole(principal('admin'), 'user')).toBe(true);
    expect(hasRole(principal('admin'), 'curator')).toBe(true);
    expect(hasRole(principal('curator'), 'reviewer')).toBe(true);
    expect(hasRole(principal('curator'), 'admin')).toBe(false);
    expect(hasRole(principal('reviewer'), 'user')).toBe(true);
    expect(hasRole(principal('reviewer'), 'curator')).toBe(false);
    expect(hasRole(principal('user'), 'reviewer')).toBe(false);
    expect(hasRole(principal(), 'user')).toBe(false);
    expect(hasRole(null, 'user')).toBe(false);
    expect(effectiveRoles(principal('curator'))).toEqual(['user', 'reviewer', 'curator']);
    expect(hasAnyRole(principal('reviewer'), ['admin', 'reviewer'])).toBe(true);
    expect(hasAnyRole(principal('user'), [])).toBe(true);
  });

  it('parses arrays and space-separated strings, ignoring unknown names', () => {
    expect(parseRoles(['curator', 'admin'])).toEqual(['curator', 'admin']);
    expect(parseRoles('admin  Reviewer offline_access')).toEqual(['reviewer', 'admin']);
    expect(parseRoles(['user', 'user', 42, null, 'root'])).toEqual(['user']);
    expect(parseRoles(undefined)).toEqual([]);
    expect(parseRoles({ admin: true })).toEqual([]);
    expect(parseRoles('constructor __proto__ toString')).toEqual([]);
  });

  it('reads the claim by dot path or by its full (namespaced) name', () => {
    const claims = {
      roles: ['user'],
      realm_access: { roles: ['admin'] },
      'https://cqks.example/roles': 'curator',
      resource_access: { 'cqks-api': { roles: ['reviewer'] } },
    };
    expect(rolesFromClaims(claims, 'roles')).toEqual(['user']);
    expect(rolesFromClaims(claims, 'realm_access.roles')).toEqual(['admin']);
    expect(rolesFromClaims(claims, 'https://cqks.example/roles')).toEqual(['curator']);
    expect(rolesFromClaims(claims, 'resource_access.cqks-api.roles')).toEqual(['reviewer']);
    expect(rolesFromClaims(claims, 'missing.path')).toEqual([]);
    expect(readClaim({ a: 'x' }, 'a.length')).toBeUndefined();
    expect(readClaim({}, '__proto__.polluted')).toBeUndefined();
  });

  it('writes a claim at a path that readClaim finds again', () => {
    for (const p of ['roles', 'realm_access.roles', 'https://cqks.example/roles']) {
      expect(readClaim(claimAtPath(p, ['admin']), p)).toEqual(['admin']);
    }
  });
});
