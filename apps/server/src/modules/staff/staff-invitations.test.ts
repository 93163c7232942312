import { expect, test } from 'vitest';
import { passwordLinkLifetimeMs, passwordLinkUrl, templateLanguage } from './staff-invitations.service';

test('links go to the app of the role: register for new users, changePassword for resets', () => {
  expect(passwordLinkUrl('https://prsp.example', 'expert', 'register', 'abc')).toBe('https://prsp.example/expert/register?token=abc');
  expect(passwordLinkUrl('https://prsp.example', 'admin', 'reset', 'a-b_c')).toBe('https://prsp.example/admin/changePassword?token=a-b_c');
});

test('spec §9: registration link 24 hours, reset link 30 minutes', () => {
  expect(passwordLinkLifetimeMs('register')).toBe(24 * 60 * 60 * 1000);
  expect(passwordLinkLifetimeMs('reset')).toBe(30 * 60 * 1000);
});

test('staff Swedish (sv) is the templates’ se', () => {
  expect(templateLanguage('sv')).toBe('se');
  expect(templateLanguage('fi')).toBe('fi');
});
