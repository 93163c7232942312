import type { FeatureFlag, FeatureFlags } from '@prsp/contracts';

/**
 * The patient app's routes (spec §2 'Patient app'). The spec shows few literal paths (only /profile and
 * /thank-you-guest), so these are ours; each page is reached through `resolvePatientRoute`.
 */
export const PATIENT_PATHS = {
  index: '/',
  authentication: '/authentication',
  logout: '/logout',
  guest: '/guest/:uuid',
  organisation: '/organisation',
  contact: '/contact',
  terms: '/terms',
  welcome: '/welcome',
  landing: '/landing',
  services: '/services',
  chat: '/chat/:serviceId',
  changeLocation: '/change-location',
  profile: '/profile',
  profileContact: '/profile/contact',
  profileTerms: '/profile/terms',
  profileWelcome: '/profile/welcome',
  survey: '/survey/:responseId',
  book: '/book',
  bookings: '/bookings',
  messages: '/messages',
  // Spec §2 'New message': three routes of one screen (options, code, create).
  messageNew: '/messages/new',
  messageCode: '/messages/new/code',
  messageCreate: '/messages/new/create',
  /** A direct conversation (an expert started it). */
  conversation: '/messages/:conversationId',
  /** A request conversation (the patient wrote to a subcategory), read through its subcategory (spec §7). */
  requestConversation: '/messages/subcategory/:subId/:conversationId',
  history: '/history',
  historyDetails: '/history/:id',
  feedback: '/feedback',
  /** The video device and network check (camera, microphone, speaker, STUN/TURN), for patients and guests. */
  deviceCheck: '/device-check',
  thankYouGuest: '/thank-you-guest',
  /** Where a guest lands after logging out (not the patients' bank-ID sign-in, which is not theirs). */
  guestSignedOut: '/guest-signed-out',
} as const;

export type PatientRoute = keyof typeof PATIENT_PATHS;
export const PATIENT_ROUTES = Object.keys(PATIENT_PATHS) as PatientRoute[];

/** What the guards know about the signed-in patient: session, `GET /api/patient/status` and the config's flags. */
export type PatientRouteState = {
  authenticated: boolean;
  hasOrganisation: boolean;
  contactSaved: boolean;
  termsAccepted: boolean;
  dontShowWelcome: boolean;
  /** The selected organisation's flags; null while no organisation is selected (nothing to gate by yet). */
  flags: FeatureFlags | null;
  /** A guest of a group appointment is signed in in this tab (spec §6 'Guest'): chat and feedback open to them. */
  guest: boolean;
};

export type RouteDecision = { allow: true } | { redirect: string };

const ALLOW: RouteDecision = { allow: true };
const to = (path: string): RouteDecision => ({ redirect: path });

/** The feature flag each route needs besides a finished onboarding (spec §2 and §6). */
const ROUTE_FLAGS: Partial<Record<PatientRoute, FeatureFlag>> = {
  services: 'remoteReceptionEnabled',
  chat: 'remoteReceptionEnabled',
  changeLocation: 'changeLocationEnabled',
  profileContact: 'contactEnabled',
  profileTerms: 'termsAndConditionsEnabled',
  book: 'bookingsEnabled',
  bookings: 'yourBookingsEnabled',
  messages: 'asyncMessagingEnabled',
  history: 'appointmentHistoryEnabled',
  historyDetails: 'appointmentHistoryEnabled',
  messageNew: 'asyncMessagingEnabled',
  messageCode: 'asyncMessagingEnabled',
  messageCreate: 'asyncMessagingEnabled',
  conversation: 'asyncMessagingEnabled',
  requestConversation: 'asyncMessagingEnabled',
  feedback: 'remoteReceptionEnabled',
};

const flagOn = (s: PatientRouteState, flag: FeatureFlag) => s.flags === null || s.flags[flag];

/** Terms count as accepted where the organisation has them switched off (as the server counts them). */
const termsOk = (s: PatientRouteState) => s.termsAccepted || (s.flags !== null && !s.flags.termsAndConditionsEnabled);

/**
 * Spec §2 'Default redirect' with the onboarding order of §4: unauthenticated to authentication; without an
 * organisation to the organisation select; without accepted terms to contact (to terms when the
 * organisation has no contact form); then welcome, or landing when the patient chose not to see welcome again.
 */
export function defaultPatientPath(s: PatientRouteState): string {
  if (!s.authenticated) return PATIENT_PATHS.authentication;
  if (!s.hasOrganisation) return PATIENT_PATHS.organisation;
  if (!termsOk(s)) return flagOn(s, 'contactEnabled') ? PATIENT_PATHS.contact : PATIENT_PATHS.terms;
  return s.dontShowWelcome ? PATIENT_PATHS.landing : PATIENT_PATHS.welcome;
}

/** Whether the patient may see `route` now, or where to go instead (spec §4 states, §6 'Patient'). */
export function resolvePatientRoute(s: PatientRouteState, route: PatientRoute): RouteDecision {
  const home = defaultPatientPath(s);
  switch (route) {
    case 'index':
      return to(home);
    // Open to everyone (spec §6: only authentication, the guest page and logout).
    case 'guest':
    case 'thankYouGuest':
    case 'guestSignedOut':
      return ALLOW;
    case 'chat':
    case 'feedback':
    case 'deviceCheck':
      // Spec §6: 'Chat and feedback are also open to an authenticated guest, who has nothing else' (and the
      // device check before a video appointment).
      return s.guest ? ALLOW : patientOnly(s, route, home);
    case 'authentication':
      return s.authenticated ? to(home) : ALLOW;
    case 'logout':
      // Signed out: the logged-out page. Signed in: the confirmation, only where the organisation allows logging out.
      return !s.authenticated || flagOn(s, 'logoutEnabled') ? ALLOW : to(home);
    case 'organisation':
      return s.authenticated && !s.hasOrganisation ? ALLOW : to(home);
    case 'contact':
      // 'authenticated user with terms or organisation missing, if contactEnabled'.
      if (!s.authenticated) return to(home);
      if (!flagOn(s, 'contactEnabled')) return to(home);
      if (s.hasOrganisation && termsOk(s)) return to(PATIENT_PATHS.profileContact);
      return ALLOW;
    case 'terms':
      // 'authenticated, terms not accepted, organisation selected', after the contact form (onboarding order).
      if (!s.authenticated || !s.hasOrganisation || termsOk(s)) return to(home);
      if (flagOn(s, 'contactEnabled') && !s.contactSaved) return to(PATIENT_PATHS.contact);
      return ALLOW;
    default:
      return patientOnly(s, route, home);
  }
}

/** Everything else needs a finished onboarding (organisation and terms) and the route's flag. */
function patientOnly(s: PatientRouteState, route: PatientRoute, home: string): RouteDecision {
  if (!s.authenticated || !s.hasOrganisation || !termsOk(s)) return to(home);
  const flag = ROUTE_FLAGS[route];
  return flag && !flagOn(s, flag) ? to(PATIENT_PATHS.landing) : ALLOW;
}

export type MenuEntryId =
  | 'home'
  | 'services'
  | 'book'
  | 'bookings'
  | 'messages'
  | 'history'
  | 'changeLocation'
  | 'contact'
  | 'terms'
  | 'welcome'
  | 'actOnBehalf'
  | 'logout';

/** A menu entry: a link (`to`) or an action the chrome performs; disabled entries are shown but cannot be used. */
export type MenuEntry = { id: MenuEntryId; to?: string; disabled: boolean };

type EntryRule = { id: MenuEntryId; to?: string; flag?: FeatureFlag };

const MAIN_MENU: readonly EntryRule[] = [
  { id: 'home', to: PATIENT_PATHS.landing },
  { id: 'services', to: PATIENT_PATHS.services, flag: 'remoteReceptionEnabled' },
  { id: 'book', to: PATIENT_PATHS.book, flag: 'bookingsEnabled' },
  { id: 'bookings', to: PATIENT_PATHS.bookings, flag: 'yourBookingsEnabled' },
  { id: 'messages', to: PATIENT_PATHS.messages, flag: 'asyncMessagingEnabled' },
  { id: 'history', to: PATIENT_PATHS.history, flag: 'appointmentHistoryEnabled' },
  { id: 'changeLocation', to: PATIENT_PATHS.changeLocation, flag: 'changeLocationEnabled' },
];

const PROFILE_MENU: readonly EntryRule[] = [
  { id: 'contact', to: PATIENT_PATHS.profileContact, flag: 'contactEnabled' },
  { id: 'terms', to: PATIENT_PATHS.profileTerms, flag: 'termsAndConditionsEnabled' },
  { id: 'welcome', to: PATIENT_PATHS.profileWelcome },
  { id: 'actOnBehalf', flag: 'actingEnabled' },
];

function entries(s: PatientRouteState, rules: readonly EntryRule[]): MenuEntry[] {
  if (!s.authenticated) return [];
  // Spec §6: 'Menu items disabled without terms and organisation'. Without an organisation its flags are
  // unknown, so flagged entries stay hidden until one is chosen.
  const usable = s.hasOrganisation && termsOk(s);
  return rules
    .filter((r) => !r.flag || (s.flags !== null && s.flags[r.flag]))
    .map((r) => ({
      id: r.id,
      ...(r.to ? { to: r.to } : {}),
      disabled: !usable,
    }));
}

/** The main menu's entries for this patient (spec §6 'Patient'). */
export function patientMainMenu(s: PatientRouteState): MenuEntry[] {
  return entries(s, MAIN_MENU);
}

/**
 * The profile menu: contact, terms, welcome, act on behalf (actingEnabled and accepted terms) and log out
 * ('if logoutEnabled and authenticated, or for a guest'; never disabled, so a patient stuck in onboarding can
 * always leave).
 */
export function patientProfileMenu(s: PatientRouteState): MenuEntry[] {
  const list = entries(s, PROFILE_MENU);
  if ((s.authenticated && flagOn(s, 'logoutEnabled')) || s.guest) list.push({ id: 'logout', disabled: false });
  return list;
}
