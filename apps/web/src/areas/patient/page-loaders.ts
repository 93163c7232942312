import { PATIENT_PATHS, type PatientRoute } from './route-rules';

const loadContact = () => import('./contact/contact-page');
const loadTerms = () => import('./pages/terms-page');
const loadWelcome = () => import('./pages/welcome-page');
const loadNewMessage = () => import('./messaging/new-message-page');
const loadConversation = () => import('./messaging/conversation-page');

/**
 * Each lazily loaded patient page's code (patient-app.tsx renders them). Kept apart from the app, with nothing but the
 * routes, so the entry can start loading the page the browser opens on before the app's own scripts have arrived.
 */
export const PAGE_LOADERS = {
  guest: () => import('./guest/guest-page'),
  organisation: () => import('./pages/organisation-page'),
  contact: loadContact,
  terms: loadTerms,
  welcome: loadWelcome,
  landing: () => import('./pages/landing-page'),
  services: () => import('./services/services-page'),
  chat: () => import('./chat/chat-page'),
  changeLocation: () => import('./pages/change-location-page'),
  profile: () => import('./pages/profile-page'),
  profileContact: loadContact,
  profileTerms: loadTerms,
  profileWelcome: loadWelcome,
  survey: () => import('./surveys/survey-page'),
  book: () => import('./booking/book-page'),
  bookings: () => import('./booking/bookings-page'),
  messages: () => import('./messaging/messages-page'),
  messageNew: loadNewMessage,
  messageCode: loadNewMessage,
  messageCreate: loadNewMessage,
  conversation: loadConversation,
  requestConversation: loadConversation,
  history: () => import('./history/history-page'),
  historyDetails: () => import('./history/history-details-page'),
  feedback: () => import('./feedback/feedback-page'),
  deviceCheck: () => import('@/features/video/device-check'),
  thankYouGuest: () => import('./guest/thank-you-guest-page'),
  guestSignedOut: () => import('./guest/guest-signed-out-page'),
  logout: () => import('./pages/logout-page'),
} satisfies Partial<Record<PatientRoute, () => Promise<unknown>>>;

/**
 * Whether `pathname` is a path of `pattern` (`/chat/:serviceId`): as the router matches, a `:name` segment takes any
 * one non-empty segment, letters match in either case, and a trailing slash does not count.
 */
export function matchesPath(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return (
    want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment.toLowerCase() === have[i]!.toLowerCase())
  );
}

/** The lazily loaded page `pathname` opens, if any; a path with a literal segment wins over one with a parameter. */
export function openingPage(pathname: string): keyof typeof PAGE_LOADERS | undefined {
  const routes = (Object.keys(PAGE_LOADERS) as (keyof typeof PAGE_LOADERS)[]).filter((route) =>
    matchesPath(PATIENT_PATHS[route], pathname),
  );
  const literals = (route: keyof typeof PAGE_LOADERS) => PATIENT_PATHS[route].split('/').filter((s) => s && !s.startsWith(':')).length;
  return routes.sort((a, b) => literals(b) - literals(a))[0];
}

/** Starts loading the page the browser opens on (a failure is left for the page's own load to meet). */
export function preloadOpeningPage(pathname: string): void {
  const route = openingPage(pathname);
  if (route) void PAGE_LOADERS[route]().catch(() => undefined);
}
