import './patient-texts';
import '../../styles/patient.css';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { NotFound } from '../../components/route-fallbacks';
import { initialPatientLanguage, readLanguageCookie } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { AuthenticationPage } from './authentication-page';
import { PatientChrome } from './chrome/patient-chrome';
import { switchPatientLanguage } from './chrome/use-patient-language';
import { primePatientContext } from './patient-state';
import { Guard } from './route-guard';
import { PATIENT_PATHS, type PatientRoute } from './route-rules';

// Spec §1: the first render already speaks the patient's language (query, else cookie, else Finnish).
const initial = initialPatientLanguage(location.search, readLanguageCookie());
await Promise.all([switchPatientLanguage(initial.lang, initial.fromQuery).catch(() => undefined), primePatientContext(queryClient)]);

/**
 * Pages load when first visited, so the authentication page brings only what it needs. Each keeps its `load`, so
 * the page the app opens on can start loading at once (below).
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { load },
  );
}
function pageWith<P extends object, M, K extends keyof M>(load: () => Promise<M>, name: K, props: P) {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  return Object.assign(
    function WithProps() {
      return <Lazy {...props} />;
    },
    { load },
  );
}

const Organisation = page(() => import('./pages/organisation-page'), 'OrganisationPage');
const loadContact = () => import('./contact/contact-page');
const ContactOnboarding = pageWith(loadContact, 'ContactPage', { variant: 'onboarding' as const });
const ContactProfile = pageWith(loadContact, 'ContactPage', { variant: 'profile' as const });
const loadTerms = () => import('./pages/terms-page');
const TermsOnboarding = pageWith(loadTerms, 'TermsPage', { variant: 'onboarding' as const });
const TermsProfile = pageWith(loadTerms, 'TermsPage', { variant: 'profile' as const });
const Welcome = page(() => import('./pages/welcome-page'), 'WelcomePage');
const Landing = page(() => import('./pages/landing-page'), 'LandingPage');
const Services = page(() => import('./services/services-page'), 'ServicesPage');
const ChangeLocation = page(() => import('./pages/change-location-page'), 'ChangeLocationPage');
const Profile = page(() => import('./pages/profile-page'), 'ProfilePage');
const Logout = page(() => import('./pages/logout-page'), 'LogoutRoute');
const Book = page(() => import('./booking/book-page'), 'BookPage');
const Bookings = page(() => import('./booking/bookings-page'), 'BookingsPage');
const History = page(() => import('./history/history-page'), 'HistoryPage');
const HistoryDetails = page(() => import('./history/history-details-page'), 'HistoryDetailsPage');
const Feedback = page(() => import('./feedback/feedback-page'), 'FeedbackPage');
const Chat = page(() => import('./chat/chat-page'), 'ChatPage');
const DeviceCheck = page(() => import('../../features/video/device-check'), 'DeviceCheckPage');
const Guest = page(() => import('./guest/guest-page'), 'GuestPage');
const ThankYouGuest = page(() => import('./guest/thank-you-guest-page'), 'ThankYouGuestPage');
const Messages = page(() => import('./messages/messages-page'), 'MessagesPage');
const loadNewMessage = () => import('./messages/new-message-page');
const NewMessageOptions = pageWith(loadNewMessage, 'NewMessagePage', { step: 'options' as const });
const NewMessageCode = pageWith(loadNewMessage, 'NewMessagePage', { step: 'code' as const });
const NewMessageCreate = pageWith(loadNewMessage, 'NewMessagePage', { step: 'create' as const });
const Conversation = page(() => import('./messages/conversation-page'), 'ConversationPage');
const Survey = page(() => import('./surveys/survey-page'), 'SurveyPage');

/** Every route's page. */
const PAGES: Record<Exclude<PatientRoute, 'index' | 'logout'>, ReactNode> = {
  authentication: <AuthenticationPage variant="login" />,
  guest: <Guest />,
  organisation: <Organisation />,
  contact: <ContactOnboarding />,
  terms: <TermsOnboarding />,
  welcome: <Welcome />,
  landing: <Landing />,
  services: <Services />,
  chat: <Chat />,
  changeLocation: <ChangeLocation />,
  profile: <Profile />,
  profileContact: <ContactProfile />,
  profileTerms: <TermsProfile />,
  profileWelcome: <Welcome />,
  survey: <Survey />,
  book: <Book />,
  bookings: <Bookings />,
  messages: <Messages />,
  messageNew: <NewMessageOptions />,
  messageCode: <NewMessageCode />,
  messageCreate: <NewMessageCreate />,
  conversation: <Conversation />,
  requestConversation: <Conversation />,
  history: <History />,
  historyDetails: <HistoryDetails />,
  feedback: <Feedback />,
  deviceCheck: <DeviceCheck />,
  thankYouGuest: <ThankYouGuest />,
};

// The page the app opens on loads beside the guard's session and onboarding checks, not after them: on a slow
// network that is a round trip less before the patient sees it. (If the guard sends the patient elsewhere, the
// chunk is simply not used.)
const opening = (Object.keys(PAGES) as (keyof typeof PAGES)[]).find((route) => matchPath(PATIENT_PATHS[route], location.pathname));
const openingType = opening && (PAGES[opening] as { type?: { load?: () => Promise<unknown> } } | null)?.type;
void openingType?.load?.().catch(() => undefined);

export function PatientApp() {
  return (
    <Routes>
      <Route element={<PatientChrome />}>
        <Route index element={<Guard route="index" />} />
        {/* The logout route guards itself: after a session expiry it must show even if the cache still says 'signed in'. */}
        <Route path={PATIENT_PATHS.logout} element={<Logout />} />
        {(Object.keys(PAGES) as (keyof typeof PAGES)[]).map((route) => (
          <Route key={route} path={PATIENT_PATHS[route]} element={<Guard route={route}>{PAGES[route]}</Guard>} />
        ))}
        <Route path="*" element={<NotFound home="/" />} />
      </Route>
    </Routes>
  );
}
