import type { ConnectorAuth } from '@prsp/contracts';

/**
 * The Auth reply as a connector checks it (docs/self-assessment.md). Written out here rather than parsed with the
 * contracts' schema: the stand-in plays an outside system, and its page shares no code with the app's first page
 * (a shared schema library would split the app's own bundle).
 */
export function isConnectorAuth(data: unknown): data is ConnectorAuth {
  if (typeof data !== 'object' || data === null) return false;
  const { type, token } = data as Record<string, unknown>;
  if (type !== 'Auth' || typeof token !== 'object' || token === null) return false;
  const { accessToken, age, gender } = token as Record<string, unknown>;
  return (
    typeof accessToken === 'string' &&
    accessToken.length > 0 &&
    Number.isInteger(age) &&
    (age as number) >= 0 &&
    (gender === 'male' || gender === 'female')
  );
}
