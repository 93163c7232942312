import './patient-texts';
import '@/styles/patient.css';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '@/components/route-fallbacks';
import { initialPatientLanguage, readLanguageCookie } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { AuthenticationPage } from './authentication-page';
import { PatientChrome } from './chrome/patient-chrome';
import { switchPatientLanguage } from './chrome/use-patient-language';
import { PAGE_LOADERS } from './page-loaders';
import { primePatientContext } from './patient-state';
import { Guard } from './route-guard';
import { PATIENT_PATHS, type PatientRoute } from './route-rules';

// Spec §1: the first render already speaks the patient's language (query, else cookie, else Finnish).
const initial = initialPatientLanguage(location.search, readLanguageCookie());
await Promise.all([switchPatientLanguage(initial.lang, initial.fromQuery).catch(() => undefined), primePatientContext(queryClient)]);

/** Pages load when first visited (page-loaders.ts), so the authentication page brings only what it needs. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
function pageWith<P extends object, M, K extends keyof M>(load: () => Promise<M>, name: K, props: P) {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  return function WithProps() {
    return <Lazy {...props} />;
  };
}

const Organisation = page(PAGE_LOADERS.organisation, 'OrganisationPage');
const ContactOnboarding = pageWith(PAGE_LOADERS.contact, 'ContactPage', { variant: 'onboarding' as const });
const ContactProfile = pageWith(PAGE_LOADERS.profileContact, 'ContactPage', { variant: 'profile' as const });
const TermsOnboarding = pageWith(PAGE_LOADERS.terms, 'TermsPage', { variant: 'onboarding' as const });
const TermsProfile = pageWith(PAGE_LOADERS.profileTerms, 'TermsPage', { variant: 'profile' as const });
const Welcome = page(PAGE_LOADERS.welcome, 'WelcomePage');
const Landing = page(PAGE_LOADERS.landing, 'LandingPage');
const Services = page(PAGE_LOADERS.services, 'ServicesPage');
const ChangeLocation = page(PAGE_LOADERS.changeLocation, 'ChangeLocationPage');
const Profile = page(PAGE_LOADERS.profile, 'ProfilePage');
const Logout = page(PAGE_LOADERS.logout, 'LogoutRoute');
const Book = page(PAGE_LOADERS.book, 'BookPage');
const Bookings = page(PAGE_LOADERS.bookings, 'BookingsPage');
const History = page(PAGE_LOADERS.history, 'HistoryPage');
const HistoryDetails = page(PAGE_LOADERS.historyDetails, 'HistoryDetailsPage');
const Feedback = page(PAGE_LOADERS.feedback, 'FeedbackPage');
const Chat = page(PAGE_LOADERS.chat, 'ChatPage');
const DeviceCheck = page(PAGE_LOADERS.deviceCheck, 'DeviceCheckPage');
const Guest = page(PAGE_LOADERS.guest, 'GuestPage');
const ThankYouGuest = page(PAGE_LOADERS.thankYouGuest, 'ThankYouGuestPage');
const GuestSignedOut = page(PAGE_LOADERS.guestSignedOut, 'GuestSignedOutPage');
const Messages = page(PAGE_LOADERS.messages, 'MessagesPage');
const NewMessageOptions = pageWith(PAGE_LOADERS.messageNew, 'NewMessagePage', { step: 'options' as const });
const NewMessageCode = pageWith(PAGE_LOADERS.messageCode, 'NewMessagePage', { step: 'code' as const });
const NewMessageCreate = pageWith(PAGE_LOADERS.messageCreate, 'NewMessagePage', { step: 'create' as const });
const Conversation = page(PAGE_LOADERS.conversation, 'ConversationPage');
const Survey = page(PAGE_LOADERS.survey, 'SurveyPage');

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
  guestSignedOut: <GuestSignedOut />,
};

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
