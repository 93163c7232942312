import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  carriesGuestToken,
  clearGuestSession,
  GUEST_SESSION_KEY,
  guestPagePath,
  parseGuestSession,
  readGuestSession,
  saveGuestSession,
} from './guest-session';

const session = { token: 'a'.repeat(43), appointmentId: '7a0c2d7e-0000-4000-8000-000000000001', name: 'Guest', email: 'g@example.com' };

afterEach(() => sessionStorage.clear());

describe('guest session', () => {
  it('is kept in sessionStorage under the app prefix, and read back as saved', () => {
    expect(readGuestSession()).toBeNull();
    saveGuestSession(session);
    expect(GUEST_SESSION_KEY.startsWith('prsp')).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(GUEST_SESSION_KEY)!)).toEqual(session);
    expect(readGuestSession()).toEqual(session);
    // The same object while the stored value stays the same (useSyncExternalStore needs a stable snapshot).
    expect(readGuestSession()).toBe(readGuestSession());
    expect(localStorage.getItem(GUEST_SESSION_KEY)).toBeNull();
  });

  it('is forgotten on clear', () => {
    saveGuestSession(session);
    clearGuestSession();
    expect(readGuestSession()).toBeNull();
    expect(sessionStorage.getItem(GUEST_SESSION_KEY)).toBeNull();
  });

  it('counts only a complete stored value', () => {
    expect(parseGuestSession(null)).toBeNull();
    expect(parseGuestSession('not json')).toBeNull();
    expect(parseGuestSession('null')).toBeNull();
    expect(parseGuestSession(JSON.stringify({ ...session, token: '' }))).toBeNull();
    expect(parseGuestSession(JSON.stringify({ token: 't', appointmentId: 'a', name: 'n' }))).toBeNull();
    expect(parseGuestSession(JSON.stringify({ ...session, extra: 1 }))).toEqual(session);
  });

  it('survives a storage the browser refuses', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(readGuestSession()).toBeNull();
    spy.mockRestore();
  });
});

describe('which calls carry the guest token', () => {
  it('the guest calls, the chat, its files and the feedback; nothing else', () => {
    for (const path of [
      '/api/guest/checkAuth/x',
      '/api/guest/access-key/x',
      '/api/chat/channels/abc',
      '/api/chat/channels/abc/messages?after=0',
      '/api/ninchat/file?id=1',
      '/api/feedback',
    ])
      expect(carriesGuestToken(path)).toBe(true);
    for (const path of [
      '/api/config',
      '/api/auth/check',
      '/api/chat/describe_realm_queues?realm_id=1',
      '/api/admin/users',
      '/api/ninchat/my-transcripts',
    ])
      expect(carriesGuestToken(path)).toBe(false);
  });

  it('names the guest page of an appointment', () => {
    expect(guestPagePath('a/b')).toBe('/guest/a%2Fb');
  });
});
