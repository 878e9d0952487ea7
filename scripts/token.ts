/**
 * Prints a development bearer token.
 *
 *   npm run token -- --sub alice --roles curator,admin [--ttl 3600]
 *
 * Development mode only (OIDC_ISSUER unset): the token is signed with the service's own key in
 * DATA_DIR/keys/, so a service started with the same DATA_DIR accepts it. The explanation goes
 * to stderr; stdout's last line is the token alone, e.g.
 *
 *   TOKEN=$(npm run --silent token -- --sub alice --roles admin)
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.js';
import { DEV_ISSUER, signDevToken } from '../src/platform/auth/dev-keys.js';
import { ROLES, isRole, type Role } from '../src/platform/auth/roles.js';

const USAGE = `Usage: npm run token -- --sub <name> [--roles <role>[,<role>...]] [--ttl <seconds>]

  --sub    the subject (user name) the token is for (required)
  --roles  comma-separated roles: ${ROLES.join(', ')} (default: user);
           each role implies the ones before it in that list
  --ttl    lifetime in seconds (default: AUTH_DEV_TOKEN_TTL_SECONDS, 3600)

Development mode only (OIDC_ISSUER unset). Uses DATA_DIR for the signing key.`;

export interface TokenCommandIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

const processIo: TokenCommandIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

/** Runs the command; returns the exit code (0 ok, 1 refused by configuration, 2 usage). */
export async function runTokenCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: TokenCommandIo = processIo,
): Promise<number> {
  let values: { sub?: string; roles?: string[]; ttl?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        sub: { type: 'string' },
        roles: { type: 'string', multiple: true },
        ttl: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stderr(USAGE);
    return 0;
  }

  const sub = values.sub?.trim();
  if (!sub) {
    io.stderr(`--sub is required.\n\n${USAGE}`);
    return 2;
  }
  const names = (values.roles ?? ['user'])
    .flatMap((r) => r.split(','))
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((r) => !isRole(r));
  if (unknown.length > 0) {
    io.stderr(`Unknown role(s): ${unknown.join(', ')}. Known roles: ${ROLES.join(', ')}.`);
    return 2;
  }
  const roles = [...new Set(names)] as Role[];
  let ttlSeconds: number | undefined;
  if (values.ttl !== undefined) {
    ttlSeconds = Number(values.ttl);
    if (!/^\d+$/.test(values.ttl) || ttlSeconds < 1 || ttlSeconds > 30 * 24 * 3600) {
      io.stderr('--ttl must be a whole number of seconds from 1 to 2592000 (30 days).');
      return 2;
    }
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.stderr(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  if (config.auth.issuer !== undefined) {
    io.stderr(
      `OIDC_ISSUER is set (${config.auth.issuer}): the service only accepts tokens from that issuer.\n` +
        'Get a token from your identity provider instead, or unset OIDC_ISSUER to use development tokens.',
    );
    return 1;
  }

  const ttl = ttlSeconds ?? config.auth.devTokenTtlSeconds;
  const token = await signDevToken({ dataDir: config.dataDir, auth: config.auth, sub, roles, ttlSeconds: ttl });
  io.stderr(
    [
      `Development token for sub=${sub}, roles=${roles.join(',') || '(none)'}, valid ${ttl} s ` +
        `(until ${new Date(Date.now() + ttl * 1000).toISOString()}).`,
      `Issuer ${DEV_ISSUER}, audience ${config.auth.audience}, key in ${config.dataDir}/keys/.`,
      'Send it as: Authorization: Bearer <token>   (the token is the last line of stdout)',
    ].join('\n'),
  );
  io.stdout(token);
  return 0;
}

const invokedPath = process.argv[1];
const isMain = invokedPath !== undefined && realpathSync(invokedPath) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  runTokenCommand(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`token: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
