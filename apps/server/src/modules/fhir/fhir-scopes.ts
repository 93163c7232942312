import type { FastifyRequest } from 'fastify';
import { parseRequestedScope, readScope, type FhirScopeType } from '@prsp/contracts';
import { FhirError } from './fhir-outcome';

/**
 * The scopes a token request gets (RFC 6749 §3.3, docs/fhir.md 'Scopes'): none asked, the client's whole grant; else
 * what it asked, each in the spelling it asked (SMART v1 `.read` or v2 `.rs`), `system/*.…` standing for every type
 * of the grant. Null when one asked is outside the vocabulary or the grant (`invalid_scope`), or nothing is left.
 */
export function requestedScopes(requested: string | undefined, grant: readonly string[]): string[] | null {
  const asked = (requested ?? '').split(' ').filter((scope) => scope !== '');
  if (asked.length === 0) return grant.length > 0 ? [...grant] : null;
  const held = grant.flatMap((scope) => {
    const type = parseRequestedScope(scope)?.type;
    return type && type !== '*' ? [type] : [];
  });
  const granted: string[] = [];
  for (const scope of asked) {
    const parsed = parseRequestedScope(scope);
    if (!parsed) return null;
    const types: FhirScopeType[] = parsed.type === '*' ? held : [parsed.type];
    if (!types.every((type) => held.includes(type))) return null;
    granted.push(...types.map((type) => `system/${type}.${parsed.form}`));
  }
  const unique = [...new Set(granted)];
  return unique.length > 0 ? unique : null;
}

/**
 * A `preHandler` of the FHIR routes: a read or search of a served type (by GET, by POST, or a page link's token)
 * needs its type's scope in what the request may read (the token's scope within the client's current grant), else
 * 403 naming the scope. Routes without a type or a client (the token endpoint, `metadata`) pass; an unserved type
 * is left to the route's 404.
 */
export function scopeCheck(isServed: (type: string) => boolean) {
  return async (req: FastifyRequest): Promise<void> => {
    const type = (req.params as { type?: string } | undefined)?.type;
    if (!req.apiClient || type === undefined || !isServed(type)) return;
    // A served type outside the vocabulary has a scope nobody can hold: refused, never open by omission.
    const needed = readScope(type as FhirScopeType);
    if (!req.apiClient.scopes.includes(needed)) throw new FhirError(403, 'forbidden', `The access token lacks the scope ${needed}`);
  };
}
