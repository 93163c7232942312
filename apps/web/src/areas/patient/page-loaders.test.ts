import { describe, expect, it } from 'vitest';
import { matchesPath, openingPage } from './page-loaders';

describe('the page the browser opens on', () => {
  it('matches the routes as the router does: parameters take one segment, case and a trailing slash do not count', () => {
    expect(matchesPath('/chat/:serviceId', '/chat/abc')).toBe(true);
    expect(matchesPath('/chat/:serviceId', '/Chat/abc/')).toBe(true);
    expect(matchesPath('/chat/:serviceId', '/chat')).toBe(false);
    expect(matchesPath('/chat/:serviceId', '/chat/abc/more')).toBe(false);
    expect(matchesPath('/book', '/booking')).toBe(false);
  });

  it('is the lazily loaded page of the path; a literal segment wins over a parameter', () => {
    expect(openingPage('/landing')).toBe('landing');
    expect(openingPage('/book')).toBe('book');
    expect(openingPage('/profile/contact')).toBe('profileContact');
    expect(openingPage('/messages/new')).toBe('messageNew');
    expect(openingPage('/messages/new/code')).toBe('messageCode');
    expect(openingPage('/messages/0b3c')).toBe('conversation');
    expect(openingPage('/messages/subcategory/a/b')).toBe('requestConversation');
    expect(openingPage('/logout')).toBe('logout');
  });

  it('is none where the page comes with the app or is not the patient app', () => {
    expect(openingPage('/')).toBeUndefined();
    expect(openingPage('/authentication')).toBeUndefined();
    expect(openingPage('/expert/schedule')).toBeUndefined();
    expect(openingPage('/admin')).toBeUndefined();
    expect(openingPage('/no-such-page')).toBeUndefined();
  });
});
