import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  KeyResolutionError,
  LocalJwksSource,
  jwkFitsAlgorithm,
  jwkToPem,
  selectFromKeySet,
  splitJwksUri,
} from '../../../src/platform/auth/keys.js';

const rsa = (bits = 2048) => generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'jwk' });
const ec = (namedCurve = 'P-256') => generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'jwk' });

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as KeyResolutionError).reason;
  }
  return undefined;
};

describe('JWK selection and checks', () => {
  it('matches key type, curve, alg, use and key_ops to the token algorithm', () => {
    const r: JsonWebKey = rsa();
    const e: JsonWebKey = ec();
    expect(jwkFitsAlgorithm(r, 'RS256')).toBe(true);
    expect(jwkFitsAlgorithm(r, 'PS256')).toBe(true);
    expect(jwkFitsAlgorithm(r, 'ES256')).toBe(false);
    expect(jwkFitsAlgorithm(e, 'ES256')).toBe(true);
    expect(jwkFitsAlgorithm(e, 'ES384')).toBe(false);
    expect(jwkFitsAlgorithm(ec('P-384'), 'ES384')).toBe(true);
    expect(jwkFitsAlgorithm({ ...r, alg: 'RS512' }, 'RS256')).toBe(false);
    expect(jwkFitsAlgorithm({ ...r, use: 'enc' }, 'RS256')).toBe(false);
    expect(jwkFitsAlgorithm({ ...r, key_ops: ['encrypt'] }, 'RS256')).toBe(false);
    expect(jwkFitsAlgorithm({ ...r, key_ops: ['verify'] }, 'RS256')).toBe(true);
  });

  it('converts to PEM, refusing mismatched and weak keys', () => {
    expect(jwkToPem(rsa(), 'RS256')).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(reason(() => jwkToPem(ec(), 'RS256'))).toBe('key-mismatch');
    expect(reason(() => jwkToPem(rsa(1024), 'RS256'))).toBe('key-mismatch');
    expect(reason(() => jwkToPem({ kty: 'RSA', n: 'AQAB', e: 'AQAB' }, 'RS256'))).toBe('key-mismatch');
  });

  it('selects by kid; without kid only from a one-key set', () => {
    const a = { ...rsa(), kid: 'a' };
    const b = { ...ec(), kid: 'b' };
    expect(selectFromKeySet([a, b], { alg: 'ES256', kid: 'b' })).toBe(b);
    expect(reason(() => selectFromKeySet([a, b], { alg: 'RS256', kid: 'c' }))).toBe('unknown-kid');
    expect(reason(() => selectFromKeySet([a, b], { alg: 'RS256' }))).toBe('no-kid');
    expect(reason(() => selectFromKeySet([], { alg: 'RS256' }))).toBe('no-kid');
    expect(selectFromKeySet([a], { alg: 'RS256' })).toBe(a);
    // Two entries with one kid (e.g. RSA and EC): the one that fits the algorithm wins.
    const twin = { ...ec(), kid: 'a' };
    expect(selectFromKeySet([a, twin], { alg: 'ES256', kid: 'a' })).toBe(twin);
  });

  it('LocalJwksSource resolves through the same checks', async () => {
    const key = { ...ec(), kid: 'dev', alg: 'ES256', use: 'sig' };
    const source = new LocalJwksSource([key]);
    await expect(source.resolve({ alg: 'ES256', kid: 'dev' })).resolves.toMatch(/PUBLIC KEY/);
    await expect(source.resolve({ alg: 'ES256' })).resolves.toMatch(/PUBLIC KEY/);
    await expect(source.resolve({ alg: 'RS256', kid: 'dev' })).rejects.toMatchObject({ reason: 'key-mismatch' });
    await expect(source.resolve({ alg: 'ES256', kid: 'x' })).rejects.toBeInstanceOf(KeyResolutionError);
  });

  it('splits the JWKS URL for get-jwks, keeping the issuer as the domain when it can', () => {
    expect(splitJwksUri('https://kc.example/realms/a', 'https://kc.example/realms/a/protocol/openid-connect/certs')).toEqual({
      domain: 'https://kc.example/realms/a/',
      jwksPath: 'protocol/openid-connect/certs',
    });
    expect(splitJwksUri('https://accounts.example.com', 'https://www.keys.example/oauth2/v3/certs?x=1')).toEqual({
      domain: 'https://www.keys.example/oauth2/v3/',
      jwksPath: 'certs?x=1',
    });
    // A sibling path that merely starts with the issuer string is not "under" it.
    expect(splitJwksUri('https://idp.example/t1', 'https://idp.example/t10/jwks').domain).toBe('https://idp.example/t10/');
  });
});
