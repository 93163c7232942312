import { describe, expect, test } from 'vitest';
import { NO_RIGHTS, PRESET_RIGHTS } from '@prsp/contracts';
import { containsPattern } from '../../platform/like-pattern';
import { canGrant, canManage, rightsWithin, storedRights } from './user-management-rules';

const usersOnly = { ...NO_RIGHTS, users: { view: true, edit: true } };
const admin = (rights = PRESET_RIGHTS.organisationAdmin, isGlobalAdmin = false) => ({ userId: 'a', isGlobalAdmin, rights });

describe('storedRights', () => {
  test('a preset stores its own rights whatever was sent; custom stores edit-implies-view', () => {
    expect(storedRights('booker', PRESET_RIGHTS.organisationAdmin)).toEqual(PRESET_RIGHTS.booker);
    expect(storedRights('custom', { ...NO_RIGHTS, chatCodes: { view: false, edit: true } }).chatCodes).toEqual({ view: true, edit: true });
    expect(storedRights('custom', undefined)).toEqual(NO_RIGHTS);
  });
});

describe('rightsWithin', () => {
  test('every preset is within organisation admin; booker is not within operational admin', () => {
    for (const r of Object.values(PRESET_RIGHTS)) expect(rightsWithin(r, PRESET_RIGHTS.organisationAdmin)).toBe(true);
    expect(rightsWithin(PRESET_RIGHTS.booker, PRESET_RIGHTS.operationalAdmin)).toBe(true);
    expect(rightsWithin(PRESET_RIGHTS.operationalAdmin, PRESET_RIGHTS.booker)).toBe(false);
    expect(rightsWithin(NO_RIGHTS, NO_RIGHTS)).toBe(true);
  });
});

describe('canManage', () => {
  test('a global admin manages anyone; nobody else manages a global admin', () => {
    expect(canManage(admin(NO_RIGHTS, true), { userId: 'b', isGlobalAdmin: true, rights: PRESET_RIGHTS.organisationAdmin })).toBe(true);
    expect(canManage(admin(), { userId: 'b', isGlobalAdmin: true, rights: NO_RIGHTS })).toBe(false);
  });

  test('an organisation admin manages only users with no right they lack', () => {
    expect(canManage(admin(), { userId: 'b', isGlobalAdmin: false, rights: PRESET_RIGHTS.operationalAdmin })).toBe(true);
    expect(canManage(admin(usersOnly), { userId: 'b', isGlobalAdmin: false, rights: PRESET_RIGHTS.booker })).toBe(false);
    expect(canManage(admin(usersOnly), { userId: 'b', isGlobalAdmin: false, rights: usersOnly })).toBe(true);
  });
});

describe('canGrant', () => {
  test('no escalation: only rights one holds', () => {
    expect(canGrant(admin(usersOnly), PRESET_RIGHTS.booker)).toBe(false);
    expect(canGrant(admin(usersOnly), usersOnly)).toBe(true);
    expect(canGrant(admin(NO_RIGHTS, true), PRESET_RIGHTS.organisationAdmin)).toBe(true);
  });
});

describe('containsPattern', () => {
  test('wraps in % and escapes LIKE wildcards', () => {
    expect(containsPattern('virta')).toBe('%virta%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
