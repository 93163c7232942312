import { randomToken } from '../../platform/crypto/tokens';

/** A Web API session: opened by `register`, filled by the choice, read with the access token. */
export type WebApiSession = { sessionId: string; userId: string; delegateSsn: string; chosen: string[]; expiresAt: number };
/** One visit to the selection page, bound to the authorize request's redirect URI and state. */
export type Interaction = { id: string; sessionId: string; redirectUri: string; state?: string; expiresAt: number };
type Grant = { sessionId: string; redirectUri: string; expiresAt: number };

export const SESSION_TTL_MS = 30 * 60 * 1000;
export const INTERACTION_TTL_MS = 10 * 60 * 1000;
/** Authorization codes: single use, five minutes. */
export const CODE_TTL_MS = 5 * 60 * 1000;
export const TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * The test service's state, in memory: fine for one demo or test process, never for production.
 * Expired entries are dropped whenever something new is stored, so the maps stay small.
 */
export function createMandatesStore(now: () => number = Date.now) {
  const sessions = new Map<string, WebApiSession>();
  const sessionsByUser = new Map<string, string>();
  const interactions = new Map<string, Interaction>();
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { sessionId: string; expiresAt: number }>();

  function sweep() {
    const t = now();
    for (const [id, s] of sessions) {
      if (s.expiresAt > t) continue;
      sessions.delete(id);
      sessionsByUser.delete(s.userId);
    }
    for (const map of [interactions, codes, tokens] as Map<string, { expiresAt: number }>[]) {
      for (const [key, value] of map) if (value.expiresAt <= t) map.delete(key);
    }
  }

  const live = <T extends { expiresAt: number }>(value: T | undefined) => (value && value.expiresAt > now() ? value : undefined);

  return {
    openSession(delegateSsn: string): WebApiSession {
      sweep();
      const session = { sessionId: randomToken(), userId: randomToken(), delegateSsn, chosen: [], expiresAt: now() + SESSION_TTL_MS };
      sessions.set(session.sessionId, session);
      sessionsByUser.set(session.userId, session.sessionId);
      return session;
    },
    session: (sessionId: string) => live(sessions.get(sessionId)),
    sessionOfUser: (userId: string) => live(sessions.get(sessionsByUser.get(userId) ?? '')),

    startInteraction(values: Omit<Interaction, 'id' | 'expiresAt'>): Interaction {
      sweep();
      const interaction = { ...values, id: randomToken(), expiresAt: now() + INTERACTION_TTL_MS };
      interactions.set(interaction.id, interaction);
      return interaction;
    },
    interaction: (id: string) => live(interactions.get(id)),
    endInteraction: (id: string) => void interactions.delete(id),

    issueCode(sessionId: string, redirectUri: string): string {
      sweep();
      const code = randomToken();
      codes.set(code, { sessionId, redirectUri, expiresAt: now() + CODE_TTL_MS });
      return code;
    },
    /** Deletes and returns the code's grant: a second use finds nothing. */
    takeCode(code: string) {
      const grant = codes.get(code);
      codes.delete(code);
      return live(grant);
    },

    issueToken(sessionId: string): string {
      sweep();
      const token = randomToken();
      tokens.set(token, { sessionId, expiresAt: now() + TOKEN_TTL_MS });
      return token;
    },
    token: (token: string) => live(tokens.get(token)),
  };
}

export type MandatesStore = ReturnType<typeof createMandatesStore>;
