import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('gives every setting its documented default', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database.url).toBeUndefined();
    expect(config.neo4j).toBeUndefined();
    expect(config.auth.issuer).toBeUndefined();
    expect(config.auth.rolesClaim).toBe('roles');
    expect(config.auth.algorithms).toEqual(['RS256', 'ES256']);
    expect(config.limits.rateChatCreatePerMinute).toBe(60);
    expect(config.limits.rateChatMessagePerMinute).toBe(30);
    expect(config.graph.nameProperties).toEqual({});
  });

  it('reads and coerces values', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/x',
      NEO4J_URI: 'neo4j://graph:7687',
      OIDC_ISSUER: 'https://idp.example.com/realms/a/',
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      AUTH_ALGORITHMS: 'RS256, PS256',
      TRUST_PROXY: 'true',
      GRAPH_NAME_PROPERTIES: 'Vessel=callSign, Order = orderRef',
      NEO4J_NAME_INDEX_WAIT_S: '10',
    });
    expect(config.port).toBe(8080);
    expect(config.graph.nameProperties).toEqual({ Vessel: 'callSign', Order: 'orderRef' });
    expect(config.database.url).toBe('postgres://u@db:5432/x');
    expect(config.neo4j?.uri).toBe('neo4j://graph:7687');
    expect(config.neo4j?.nameIndexWaitS).toBe(10);
    expect(loadConfig({ NEO4J_URI: 'bolt://graph:7687' }).neo4j?.nameIndexWaitS).toBe(2);
    expect(config.auth.issuer).toBe('https://idp.example.com/realms/a');
    expect(config.auth.algorithms).toEqual(['RS256', 'PS256']);
    expect(config.trustProxy).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', OIDC_ISSUER: '  ' }).database.url).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['NEO4J_URI', 'http://x'],
    ['AUTH_ALGORITHMS', 'HS256'],
    ['AUTH_ALGORITHMS', 'none'],
    ['AUTH_CLOCK_TOLERANCE_SECONDS', '3600'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_SCHEMA', 'x; drop table y'],
    ['TRUST_PROXY', 'maybe'],
    ['GRAPH_NAME_PROPERTIES', 'Vessel'],
    ['GRAPH_NAME_PROPERTIES', 'Vessel=call sign'],
    ['GRAPH_NAME_PROPERTIES', 'Vessel=a,Vessel=b'],
    ['NEO4J_NAME_INDEX_WAIT_S', '-1'],
    ['NEO4J_NAME_INDEX_WAIT_S', '3601'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(name);
  });
});
