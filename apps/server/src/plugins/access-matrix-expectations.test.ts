import { describe, expect, test } from 'vitest';
import { FEATURE_FLAGS, NO_RIGHTS, PRESET_RIGHTS, type FeatureFlags } from '@prsp/contracts';
import type { RouteAccess } from '../platform/access/route-access';
import { guardAllows, UnknownDeclarationError, type CallerProfile } from './access-matrix-expectations.steps';

const ALL_ON = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as FeatureFlags;
const patient = (organisation: { flags?: Partial<FeatureFlags>; termsAccepted?: boolean } | null = {}): CallerProfile => ({
  session: 'patient',
  bearer: 'none',
  patient: {
    organisation: organisation && { flags: { ...ALL_ON, ...organisation.flags }, termsAccepted: organisation.termsAccepted ?? true },
  },
});
const admin = (rights = PRESET_RIGHTS.organisationAdmin, extra: { isGlobalAdmin?: boolean; organisationChosen?: boolean } = {}) =>
  ({
    session: 'admin',
    bearer: 'none',
    admin: { rights, isGlobalAdmin: extra.isGlobalAdmin ?? false, organisationChosen: extra.organisationChosen ?? true },
  }) satisfies CallerProfile;
const anonymous: CallerProfile = { session: 'none', bearer: 'none' };
const guest: CallerProfile = { session: 'none', bearer: 'guest' };
const surveyRunner: CallerProfile = { session: 'none', bearer: 'surveyToken' };
const expert: CallerProfile = { session: 'expert', bearer: 'none' };

const BOOKINGS: RouteAccess = { kind: 'patient', organisation: 'required', terms: true, flag: 'bookingsEnabled' };

describe('guardAllows', () => {
  test('anyone lets everybody through', () => {
    for (const caller of [anonymous, guest, expert, patient(null), admin()]) expect(guardAllows({ kind: 'anyone' }, caller)).toBe(true);
  });

  test('patientSession needs a patient session and nothing more', () => {
    expect(guardAllows({ kind: 'patientSession' }, patient(null))).toBe(true);
    for (const caller of [anonymous, guest, expert, admin()]) expect(guardAllows({ kind: 'patientSession' }, caller)).toBe(false);
  });

  test('patient follows the organisation, flag and terms rule', () => {
    expect(guardAllows(BOOKINGS, patient())).toBe(true);
    expect(guardAllows(BOOKINGS, patient({ flags: { bookingsEnabled: false } }))).toBe(false);
    expect(guardAllows(BOOKINGS, patient({ termsAccepted: false }))).toBe(false);
    expect(guardAllows(BOOKINGS, patient(null))).toBe(false);
    // Optional organisation: without one, flag and terms do not apply.
    expect(guardAllows({ kind: 'patient', flag: 'contactEnabled' }, patient(null))).toBe(true);
    expect(guardAllows({ kind: 'patient', flag: 'contactEnabled' }, patient({ flags: { contactEnabled: false } }))).toBe(false);
    for (const caller of [anonymous, guest, expert, admin()]) expect(guardAllows({ kind: 'patient' }, caller)).toBe(false);
  });

  test('staff and expert', () => {
    expect(guardAllows({ kind: 'staff' }, expert)).toBe(true);
    expect(guardAllows({ kind: 'staff' }, admin(NO_RIGHTS))).toBe(true);
    expect(guardAllows({ kind: 'staff' }, patient())).toBe(false);
    expect(guardAllows({ kind: 'expert' }, expert)).toBe(true);
    for (const caller of [anonymous, guest, patient(), admin(), admin(NO_RIGHTS, { isGlobalAdmin: true })])
      expect(guardAllows({ kind: 'expert' }, caller)).toBe(false);
  });

  test('admin needs the right in the organisation worked in; a global admin has them all', () => {
    const chatCodesView: RouteAccess = { kind: 'admin', area: 'chatCodes', need: 'view' };
    const chatCodesEdit: RouteAccess = { kind: 'admin', area: 'chatCodes', need: 'edit' };
    const onlyView = { ...NO_RIGHTS, chatCodes: { view: true, edit: false } };
    expect(guardAllows(chatCodesView, admin(onlyView))).toBe(true);
    expect(guardAllows(chatCodesEdit, admin(onlyView))).toBe(false);
    expect(guardAllows({ kind: 'admin', area: 'users', need: 'view' }, admin(onlyView))).toBe(false);
    expect(guardAllows({ kind: 'admin', area: 'users', need: 'edit' }, admin(PRESET_RIGHTS.booker))).toBe(false);
    expect(guardAllows(chatCodesEdit, admin(NO_RIGHTS, { isGlobalAdmin: true }))).toBe(true);
    expect(guardAllows(chatCodesView, admin(PRESET_RIGHTS.organisationAdmin, { organisationChosen: false }))).toBe(false);
    for (const caller of [anonymous, guest, expert, patient()]) expect(guardAllows(chatCodesView, caller)).toBe(false);
  });

  test('anyAdmin and globalAdmin', () => {
    expect(guardAllows({ kind: 'anyAdmin' }, admin(NO_RIGHTS))).toBe(true);
    expect(guardAllows({ kind: 'anyAdmin' }, expert)).toBe(false);
    expect(guardAllows({ kind: 'globalAdmin' }, admin(NO_RIGHTS, { isGlobalAdmin: true }))).toBe(true);
    expect(guardAllows({ kind: 'globalAdmin' }, admin())).toBe(false);
    expect(guardAllows({ kind: 'globalAdmin' }, anonymous)).toBe(false);
  });

  test('chatMember: a guest, a patient by the remote reception rule, or an expert', () => {
    const member: RouteAccess = { kind: 'chatMember' };
    expect(guardAllows(member, guest)).toBe(true);
    expect(guardAllows(member, expert)).toBe(true);
    expect(guardAllows(member, patient())).toBe(true);
    expect(guardAllows(member, patient({ flags: { remoteReceptionEnabled: false } }))).toBe(false);
    expect(guardAllows(member, patient({ termsAccepted: false }))).toBe(false);
    expect(guardAllows(member, patient(null))).toBe(false);
    expect(guardAllows(member, anonymous)).toBe(false);
    expect(guardAllows(member, admin())).toBe(false);
  });

  test('guest and surveyToken need their own bearer token', () => {
    expect(guardAllows({ kind: 'guest' }, guest)).toBe(true);
    expect(guardAllows({ kind: 'guest' }, surveyRunner)).toBe(false);
    expect(guardAllows({ kind: 'surveyToken' }, surveyRunner)).toBe(true);
    for (const caller of [anonymous, expert, patient(), admin(NO_RIGHTS, { isGlobalAdmin: true })]) {
      expect(guardAllows({ kind: 'guest' }, caller)).toBe(false);
      expect(guardAllows({ kind: 'surveyToken' }, caller)).toBe(false);
    }
  });

  test('apiClient refuses every session and every other token', () => {
    for (const caller of [anonymous, guest, surveyRunner, expert, patient(), admin(), admin(NO_RIGHTS, { isGlobalAdmin: true })])
      expect(guardAllows({ kind: 'apiClient' }, caller)).toBe(false);
  });

  test('a declaration of a kind it does not know throws', () => {
    expect(() => guardAllows({ kind: 'robot' }, anonymous)).toThrow(UnknownDeclarationError);
  });
});
