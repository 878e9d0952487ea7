/**
 * Roles and how they are read from a token.
 *
 * The four roles form a ladder: admin ⊇ curator ⊇ reviewer ⊇ user. A principal holding a
 * higher role may do everything a lower one may, so authorization asks "is the principal's
 * highest role at least X?" (`hasRole`), never "does the list contain X?".
 */
export const ROLES = ['user', 'reviewer', 'curator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** An authenticated caller: the token's subject, its recognized roles, and every verified claim. */
export interface Principal {
  sub: string;
  /** Roles granted by the token itself (recognized names only, lowest first, no duplicates). */
  roles: Role[];
  /** The verified token payload. Treat it as read-only: it may be shared with the verifier's cache. */
  claims: Record<string, unknown>;
}

const RANK: Readonly<Record<Role, number>> = { user: 0, reviewer: 1, curator: 2, admin: 3 };

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(RANK, value);

/** The rank of the principal's highest role, or -1 when it holds none. */
function highestRank(roles: readonly Role[]): number {
  let best = -1;
  for (const role of roles) best = Math.max(best, RANK[role]);
  return best;
}

/** True when the principal holds `required` or a role above it (admin ⊇ curator ⊇ reviewer ⊇ user). */
export function hasRole(principal: Pick<Principal, 'roles'> | null | undefined, required: Role): boolean {
  if (!principal) return false;
  return highestRank(principal.roles) >= RANK[required];
}

/** True when the principal satisfies at least one of the listed roles (an empty list is always satisfied). */
export function hasAnyRole(principal: Pick<Principal, 'roles'> | null | undefined, required: readonly Role[]): boolean {
  if (required.length === 0) return true;
  return required.some((role) => hasRole(principal, role));
}

/** Every role the principal may act as, implied ones included (e.g. curator → user, reviewer, curator). */
export function effectiveRoles(principal: Pick<Principal, 'roles'>): Role[] {
  const top = highestRank(principal.roles);
  return ROLES.filter((role) => RANK[role] <= top);
}

/**
 * Reads a claim by its configured path. The whole path is first tried as one claim name (so a
 * namespaced claim such as `https://example.com/roles` works), then as a dot path
 * (`realm_access.roles` → `payload.realm_access.roles`). Own properties only.
 */
export function readClaim(payload: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(payload, path)) return payload[path];
  let current: unknown = payload;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Turns a roles claim value into recognized roles. The value may be an array of strings or one
 * space-separated string; names are compared case-insensitively; unknown names are ignored.
 */
export function parseRoles(value: unknown): Role[] {
  let names: unknown[];
  if (typeof value === 'string') names = value.split(/\s+/);
  else if (Array.isArray(value)) names = value;
  else return [];
  const found = new Set<Role>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const normalized = name.trim().toLowerCase();
    if (isRole(normalized)) found.add(normalized);
  }
  return ROLES.filter((role) => found.has(role));
}

/** The recognized roles carried by a verified payload at the configured claim path. */
export const rolesFromClaims = (payload: Record<string, unknown>, rolesClaim: string): Role[] =>
  parseRoles(readClaim(payload, rolesClaim));

/**
 * Builds a payload fragment that places `value` at the configured claim path (used when signing
 * development tokens so they carry roles where `readClaim` looks for them).
 */
export function claimAtPath(path: string, value: unknown): Record<string, unknown> {
  // A namespaced claim name (`https://example.com/roles`, `urn:x:roles`) is one flat claim.
  if (/[:/]/.test(path)) return { [path]: value };
  const segments = path.split('.');
  const root: Record<string, unknown> = {};
  let node = root;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      node[segment] = value;
    } else {
      const child: Record<string, unknown> = {};
      node[segment] = child;
      node = child;
    }
  });
  return root;
}
