import '@/features/staff/staff-texts';
import './expert-texts';
import '@/features/staff/quick-replies-texts';
import '@/features/queue-board/queue-board-texts';
import '@/styles/staff.css';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { StaffAreaShell } from '@/components/staff-area-shell';
import { Loading, NotFound } from '@/components/route-fallbacks';
import { StaffLoginPage } from '@/features/staff/login-page';
import { MenuDisclosure, MenuLinks } from '@/components/ui/menu';
import { ChangePasswordPage, RegisterPage } from '@/features/staff/password-pages';
import { ProfileMenu } from '@/features/staff/profile-menu';
import { useForgetUserOnSessionEnd, useStaffUser } from '@/features/staff/staff-api';
import { StaffLanguageSwitcher, useStaffStartLanguage } from '@/features/staff/staff-language';
import { PageTitleOrganisation } from '@/lib/use-page-title';
import { useShiftLead } from '@/features/queue-board/queue-board-api';
import { useExpertOrganisation } from './expert-api';
import { expertMenu, withCount } from './expert-menu';
import { useMessagingCounts } from './messaging/expert-messaging-api';
import { DesktopPage } from './desktop-page';
import { titleCount, useDeskUnread } from './desk-unread';
import { useQueueWatch } from './use-queue-watch';
import { useSecureMessageNotices } from './use-secure-message-notices';
import { MainMenuLabel } from './unread-badge';
import { PresenceControl } from './presence/presence-control';
import { usePresenceHeartbeat } from './presence/use-presence-heartbeat';
import { useTranslation } from '@/lib/i18n';

const HOME = '/expert/desktop';

/** The booking and messaging pages load when first visited, so signing in brings only what it needs. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const LAZY_PAGES: { path: string; Page: ComponentType }[] = [
  { path: 'schedule', Page: page(() => import('./booking/schedule-page'), 'SchedulePage') },
  { path: 'allBookings', Page: page(() => import('./booking/all-bookings-page'), 'AllBookingsPage') },
  { path: 'appointment', Page: page(() => import('./booking/appointment-page'), 'AppointmentPage') },
  { path: 'appointmentHistory', Page: page(() => import('./booking/appointment-history-page'), 'AppointmentHistoryPage') },
  { path: 'device-check', Page: page(() => import('@/features/video/device-check'), 'ExpertDeviceCheckPage') },
  { path: 'messages/new', Page: page(() => import('./messaging/new-message-page'), 'NewMessagePage') },
  { path: 'messages/patients', Page: page(() => import('./messaging/conversations-page'), 'OpenConversationsPage') },
  { path: 'messages/patientsEnded', Page: page(() => import('./messaging/conversations-page'), 'EndedConversationsPage') },
  { path: 'messages/inbox', Page: page(() => import('./messaging/inbox-page'), 'InboxPage') },
  { path: 'surveys/*', Page: page(() => import('./surveys/surveys-page'), 'SurveysPage') },
  { path: 'quickReplies', Page: page(() => import('./quick-replies/quick-replies-page'), 'QuickRepliesPage') },
  { path: 'queues', Page: page(() => import('./queues/lead-board-page'), 'LeadBoardPage') },
  { path: 'surveyAnswers', Page: page(() => import('./surveys/survey-answers-page'), 'SurveyAnswersPage') },
];

function ExpertLayout() {
  const { t } = useTranslation();
  const user = useStaffUser('expert');
  useStaffStartLanguage(user.data);
  useForgetUserOnSessionEnd('expert');
  const organisation = useExpertOrganisation(Boolean(user.data));
  const signedIn = Boolean(user.data);
  const shiftLead = useShiftLead(signedIn && organisation.data?.flags.remoteReceptionEnabled === true);
  const counts = useMessagingCounts(signedIn && organisation.data?.flags.asyncMessagingEnabled === true);
  const deskUnread = useDeskUnread();
  // Presence (issue 32): heartbeats while the app is open, for an organisation with the chat.
  const chatOn = signedIn && organisation.data?.flags.remoteReceptionEnabled === true;
  // Who waits in the expert's queues, watched on every page of the app (not only the desk): the title counts them
  // and a new patient is notified in another window.
  const deskWaiting = useQueueWatch(chatOn);
  // What the menu's entries count, and the desk's chats with news, show on the closed menu; the tab's title counts
  // the patients waiting in the expert's queues too (issue 32), so it shows in another window's tab bar.
  const unread = (counts.data?.inbox ?? 0) + (counts.data?.open ?? 0) + deskUnread;
  const inTitle = titleCount({
    waiting: deskWaiting,
    unreadChats: deskUnread,
    inbox: counts.data?.inbox ?? 0,
    openConversations: counts.data?.open ?? 0,
  });
  useSecureMessageNotices(counts.data);
  usePresenceHeartbeat(chatOn);
  const tools = (
    <>
      {user.data && (
        <MenuDisclosure label={<MainMenuLabel unread={unread} />}>
          {expertMenu(organisation.data?.flags, shiftLead.data?.shiftLead).map((group, i) => (
            <MenuLinks
              key={group.headingKey ?? i}
              label={group.headingKey ? t(group.headingKey) : t('staff.mainMenu')}
              heading={group.headingKey ? t(group.headingKey) : undefined}
              links={group.entries.map((e) => ({
                to: e.to,
                label: withCount(t(e.labelKey), e.count && counts.data?.[e.count]),
              }))}
            />
          ))}
        </MenuDisclosure>
      )}
      {chatOn && <PresenceControl enabled={chatOn} />}
      {user.data && <ProfileMenu role="expert" user={user.data} />}
      <StaffLanguageSwitcher signedIn={signedIn} />
    </>
  );
  return (
    <StaffAreaShell title={`PRSP ${t('staff.expertTitle')}`} tools={tools}>
      <PageTitleOrganisation name={organisation.data?.name} unread={inTitle}>
        <Outlet />
      </PageTitleOrganisation>
    </StaffAreaShell>
  );
}

/** Only a signed-in expert passes (the server checks every call too). */
function RequireExpert({ children }: { children: ReactNode }) {
  const user = useStaffUser('expert');
  if (user.isPending) return <Loading />;
  if (!user.data) return <Navigate to="/expert/login" replace />;
  return children;
}

function ExpertIndex() {
  const user = useStaffUser('expert');
  if (user.isPending) return <Loading />;
  return <Navigate to={user.data ? HOME : '/expert/login'} replace />;
}

/** The expert app (spec §2 'Expert app routes'): sign-in, password pages, desktop with the menus, the booking and messaging pages. */
export function ExpertApp() {
  return (
    <Routes>
      <Route element={<ExpertLayout />}>
        <Route index element={<ExpertIndex />} />
        <Route path="login" element={<StaffLoginPage role="expert" home={HOME} />} />
        <Route path="register" element={<RegisterPage role="expert" />} />
        <Route path="changePassword" element={<ChangePasswordPage role="expert" home={HOME} />} />
        <Route
          path="desktop"
          element={
            <RequireExpert>
              <DesktopPage />
            </RequireExpert>
          }
        />
        {LAZY_PAGES.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireExpert>
                <Suspense fallback={<Loading />}>
                  <Page />
                </Suspense>
              </RequireExpert>
            }
          />
        ))}
        <Route path="*" element={<NotFound home="/expert" />} />
      </Route>
    </Routes>
  );
}
