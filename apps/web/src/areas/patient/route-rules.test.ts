import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from '@prsp/contracts';
import {
  defaultPatientPath,
  PATIENT_PATHS,
  PATIENT_ROUTES,
  patientMainMenu,
  patientProfileMenu,
  resolvePatientRoute,
  type PatientRoute,
  type PatientRouteState,
} from './route-rules';

const BOOLS = [false, true] as const;

function flagsFrom(bits: number): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f, i) => [f, (bits & (1 << i)) !== 0])) as FeatureFlags;
}

/**
 * Every combination of signed in, organisation chosen, contact saved, terms accepted, don't-show-welcome, a
 * signed-in guest and each of the 14 feature flags (2^20 states). Flags exist only once an organisation is chosen.
 */
function* everyState(): Generator<PatientRouteState> {
  for (const guest of BOOLS)
    for (const authenticated of BOOLS)
      for (const hasOrganisation of BOOLS)
        for (const contactSaved of BOOLS)
          for (const termsAccepted of BOOLS)
            for (const dontShowWelcome of BOOLS)
              for (let bits = 0; bits < 1 << FEATURE_FLAGS.length; bits++) {
                yield {
                  authenticated,
                  hasOrganisation,
                  contactSaved,
                  termsAccepted,
                  dontShowWelcome,
                  flags: hasOrganisation ? flagsFrom(bits) : null,
                  guest,
                };
              }
}

/** The spec's rules written out route by route, as the oracle for the implementation. */
function expected(s: PatientRouteState, route: PatientRoute): 'allow' | string {
  const on = (f: FeatureFlag) => (s.flags ? s.flags[f] : true);
  // The server counts terms as accepted where the organisation has switched them off.
  const terms = s.termsAccepted || (s.flags !== null && !s.flags.termsAndConditionsEnabled);
  const onboarded = s.authenticated && s.hasOrganisation && terms;
  const home = !s.authenticated
    ? '/authentication'
    : !s.hasOrganisation
      ? '/organisation'
      : !terms
        ? on('contactEnabled')
          ? '/contact'
          : '/terms'
        : s.dontShowWelcome
          ? '/landing'
          : '/welcome';
  const needsOnboarding = (flag?: FeatureFlag) => (!onboarded ? home : flag && !on(flag) ? '/landing' : 'allow');
  switch (route) {
    case 'index':
      return home;
    case 'guest':
    case 'thankYouGuest':
    case 'guestSignedOut':
      return 'allow';
    case 'authentication':
      return s.authenticated ? home : 'allow';
    case 'logout':
      return !s.authenticated || on('logoutEnabled') ? 'allow' : home;
    case 'organisation':
      return s.authenticated && !s.hasOrganisation ? 'allow' : home;
    case 'contact':
      if (!s.authenticated || !on('contactEnabled')) return home;
      return onboarded ? '/profile/contact' : 'allow';
    case 'terms':
      if (!s.authenticated || !s.hasOrganisation || terms) return home;
      return on('contactEnabled') && !s.contactSaved ? '/contact' : 'allow';
    case 'welcome':
    case 'landing':
    case 'profile':
    case 'profileWelcome':
    case 'survey':
      return needsOnboarding();
    case 'chat':
    case 'feedback':
      // Spec §6: open to a signed-in guest, who has nothing else.
      return s.guest ? 'allow' : needsOnboarding('remoteReceptionEnabled');
    case 'deviceCheck':
      // The video device check: a guest's too, before their video appointment.
      return s.guest ? 'allow' : needsOnboarding();
    case 'services':
      return needsOnboarding('remoteReceptionEnabled');
    case 'changeLocation':
      return needsOnboarding('changeLocationEnabled');
    case 'profileContact':
      return needsOnboarding('contactEnabled');
    case 'profileTerms':
      return needsOnboarding('termsAndConditionsEnabled');
    case 'book':
      return needsOnboarding('bookingsEnabled');
    case 'bookings':
      return needsOnboarding('yourBookingsEnabled');
    case 'messages':
      return needsOnboarding('asyncMessagingEnabled');
    case 'history':
    case 'historyDetails':
      return needsOnboarding('appointmentHistoryEnabled');
    case 'messageNew':
    case 'messageCode':
    case 'messageCreate':
    case 'conversation':
    case 'requestConversation':
      return needsOnboarding('asyncMessagingEnabled');
  }
}

const outcome = (s: PatientRouteState, route: PatientRoute) => {
  const d = resolvePatientRoute(s, route);
  return 'allow' in d ? 'allow' : d.redirect;
};

/** Routes a path belongs to, for following a redirect (no parameters appear in redirect targets). */
const routeOfPath = new Map(Object.entries(PATIENT_PATHS).map(([route, path]) => [path as string, route as PatientRoute]));

describe('resolvePatientRoute over every state and route', () => {
  it('matches the spec rules, redirects only to pages the patient may see, and never loops', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const s of everyState()) {
      for (const route of PATIENT_ROUTES) {
        const got = outcome(s, route);
        checked++;
        const want = expected(s, route);
        if (got !== want && mismatches.length < 10) mismatches.push(`${route} ${JSON.stringify(s)}: got ${got}, want ${want}`);
        if (got !== 'allow') {
          const target = routeOfPath.get(got);
          if (!target || outcome(s, target) !== 'allow')
            mismatches.push(`${route}: redirect to ${got} is not allowed in ${JSON.stringify(s)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(2 ** 20 * PATIENT_ROUTES.length);
    // Eleven million checks take a few seconds alone and more beside the other test files on two cores.
  }, 60_000);

  it('opens only authentication, the guest page and logout to a signed-out visitor', () => {
    const s: PatientRouteState = {
      authenticated: false,
      hasOrganisation: false,
      contactSaved: false,
      termsAccepted: false,
      dontShowWelcome: false,
      flags: null,
      guest: false,
    };
    const open = PATIENT_ROUTES.filter((r) => outcome(s, r) === 'allow');
    expect(open.sort()).toEqual(['authentication', 'guest', 'guestSignedOut', 'logout', 'thankYouGuest']);
    expect(defaultPatientPath(s)).toBe('/authentication');
  });

  it('opens the guest page, chat, feedback, the device check, thank-you-guest and logout to a guest, and nothing else', () => {
    const s: PatientRouteState = {
      authenticated: false,
      hasOrganisation: false,
      contactSaved: false,
      termsAccepted: false,
      dontShowWelcome: false,
      flags: null,
      guest: true,
    };
    const open = PATIENT_ROUTES.filter((r) => outcome(s, r) === 'allow');
    expect(open.sort()).toEqual([
      'authentication',
      'chat',
      'deviceCheck',
      'feedback',
      'guest',
      'guestSignedOut',
      'logout',
      'thankYouGuest',
    ]);
    expect(patientMainMenu(s)).toEqual([]);
    expect(patientProfileMenu(s)).toEqual([{ id: 'logout', disabled: false }]);
  });

  it('walks the onboarding order: organisation, contact, terms, welcome, landing', () => {
    const all = flagsFrom((1 << FEATURE_FLAGS.length) - 1);
    const base = { authenticated: true, contactSaved: false, termsAccepted: false, dontShowWelcome: false, guest: false };
    expect(defaultPatientPath({ ...base, hasOrganisation: false, flags: null })).toBe('/organisation');
    expect(defaultPatientPath({ ...base, hasOrganisation: true, flags: all })).toBe('/contact');
    expect(outcome({ ...base, hasOrganisation: true, flags: all }, 'terms')).toBe('/contact');
    expect(outcome({ ...base, hasOrganisation: true, contactSaved: true, flags: all }, 'terms')).toBe('allow');
    expect(defaultPatientPath({ ...base, hasOrganisation: true, contactSaved: true, termsAccepted: true, flags: all })).toBe('/welcome');
    expect(
      defaultPatientPath({ ...base, hasOrganisation: true, contactSaved: true, termsAccepted: true, dontShowWelcome: true, flags: all }),
    ).toBe('/landing');
  });
});

describe('menus', () => {
  it('show flagged entries only when their flag is on, disabled until organisation and terms', () => {
    for (const s of everyState()) {
      const main = patientMainMenu(s);
      const profile = patientProfileMenu(s);
      if (!s.authenticated) {
        // Spec §6: a guest's only entry is logging out.
        const want = s.guest ? ['logout'] : [];
        if (main.length !== 0 || JSON.stringify(profile.map((e) => e.id)) !== JSON.stringify(want))
          throw new Error(`menus shown to a signed-out visitor: ${JSON.stringify(s)}`);
        continue;
      }
      const terms = s.termsAccepted || (s.flags !== null && !s.flags.termsAndConditionsEnabled);
      const usable = s.hasOrganisation && terms;
      const flagOf = {
        services: 'remoteReceptionEnabled',
        book: 'bookingsEnabled',
        bookings: 'yourBookingsEnabled',
        messages: 'asyncMessagingEnabled',
        history: 'appointmentHistoryEnabled',
        changeLocation: 'changeLocationEnabled',
        contact: 'contactEnabled',
        terms: 'termsAndConditionsEnabled',
        actOnBehalf: 'actingEnabled',
      } as const satisfies Partial<Record<string, FeatureFlag>>;
      for (const entry of [...main, ...profile]) {
        const flag = (flagOf as Partial<Record<string, FeatureFlag>>)[entry.id];
        if (flag && !(s.flags?.[flag] ?? false)) throw new Error(`${entry.id} shown with ${flag} off`);
        if (entry.id === 'logout') {
          if (entry.disabled) throw new Error('logout disabled');
        } else if (entry.disabled !== !usable) throw new Error(`${entry.id} disabled=${entry.disabled} in ${JSON.stringify(s)}`);
      }
      const hasLogout = profile.some((e) => e.id === 'logout');
      if (hasLogout !== (s.guest || s.flags === null || s.flags.logoutEnabled))
        throw new Error(`logout entry wrong in ${JSON.stringify(s)}`);
      const acting = profile.find((e) => e.id === 'actOnBehalf');
      if (acting && !acting.disabled && !(s.flags?.actingEnabled && terms)) throw new Error('act on behalf usable without flag or terms');
      if (main[0]?.id !== 'home') throw new Error('home entry missing');
    }
    expect(
      patientMainMenu({
        authenticated: false,
        hasOrganisation: false,
        contactSaved: false,
        termsAccepted: false,
        dontShowWelcome: false,
        flags: null,
        guest: false,
      }),
    ).toEqual([]);
    // Half a million states again: the time the exhaustive test above gets beside other files on two cores.
  }, 60_000);
});
