import '@/features/staff/staff-texts';
import './admin-texts';
import './surveys/surveys-admin-texts';
import './webhooks/webhooks-admin-texts';
import './api-clients/api-clients-texts';
import './statistics/statistics-texts';
import './audit-log/audit-log-texts';
import '@/features/staff/quick-replies-texts';
import '@/features/queue-board/queue-board-texts';
import '@/styles/staff.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { AdminArea, StaffUserData } from '@prsp/contracts';
import { Loading, NotFound } from '@/components/route-fallbacks';
import { StaffLoginPage } from '@/features/staff/login-page';
import { ChangePasswordPage, RegisterPage } from '@/features/staff/password-pages';
import { RequireAdmin } from './admin-guards';
import { AdminLayout } from './admin-layout';
import { CodeGroupsPage } from './chat-codes/chat-codes-page';
import { ChatTextsPage } from './content/chat-texts-page';
import { PreQuestionnairePage } from './content/pre-questionnaire-page';
import { ChatCodesInformationPage, SelfBookingConfirmationPage } from './content/simple-content-pages';
import { ThankYouPage } from './content/thank-you-page';
import { ExpertsPage } from './experts/experts-page';
import { FeedbackPage } from './feedback/feedback-page';
import { GlobalSettingsPage } from './global-settings-page';
import { AdminHomePage } from './home-page';
import { MessageCategoriesPage } from './messaging/categories-page';
import { CategoryEditPage } from './messaging/category-edit-page';
import { MessageExpertsPage } from './messaging/message-experts-page';
import { MessagesTextsPage } from './messaging/messages-texts-page';
import { SubcategoryEditPage } from './messaging/subcategory-edit-page';
import { NewOrganisationPage } from './organisation/new-organisation-page';
import { OrganisationSettingsPage } from './organisation/organisation-page';
import { AddEditServicePage } from './services/add-edit-service-page';
import { TemplateEditorPage } from './templates/template-editor-page';
import { UsersPage } from './users/users-page';

const HOME = '/admin';

// The booking screens load when first opened (the admin area's first page stays small).
const AppointmentsPage = lazy(async () => ({ default: (await import('./appointments/appointments-page')).AppointmentsPage }));
const AppointmentPage = lazy(async () => ({ default: (await import('./appointments/appointment-page')).AppointmentPage }));
const BookingSettingsPage = lazy(async () => ({
  default: (await import('./appointments/booking-settings-page')).BookingSettingsPage,
}));
// The survey screens (issue 12): the builder and its preview load when first opened.
const SurveyListPage = lazy(async () => ({ default: (await import('./surveys/survey-list-page')).SurveyListPage }));
const SurveyBuilderPage = lazy(async () => ({ default: (await import('./surveys/survey-builder-page')).SurveyBuilderPage }));
// Webhooks (issue 13): loads when first opened.
const WebhooksPage = lazy(async () => ({ default: (await import('./webhooks/webhooks-page')).WebhooksPage }));
// FHIR API clients (issue 13): loads when first opened.
const ApiClientsPage = lazy(async () => ({ default: (await import('./api-clients/api-clients-page')).ApiClientsPage }));
// Statistics (issue 32): loads when first opened, and its charts (chart.js) only then.
const StatisticsPage = lazy(async () => ({ default: (await import('./statistics/statistics-page')).StatisticsPage }));
// Quick replies (issue 32): loads when first opened.
const QuickRepliesPage = lazy(async () => ({ default: (await import('./quick-replies/quick-replies-page')).QuickRepliesPage }));
// The live queue board (issue 32): loads when first opened.
const QueueBoardPage = lazy(async () => ({ default: (await import('./queues/queue-board-page')).QueueBoardPage }));
// The audit log search (issue 33): loads when first opened.
const AuditLogPage = lazy(async () => ({ default: (await import('./audit-log/audit-log-page')).AuditLogPage }));
const lazyPage = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

type Page = (user: StaffUserData) => ReactNode;

/** The organisation screens and the right each needs to be opened (the menu uses the same areas). */
const ORGANISATION_PAGES: { path: string; area: AdminArea; page: Page }[] = [
  { path: 'organization', area: 'serviceSettings', page: (u) => <OrganisationSettingsPage user={u} /> },
  { path: 'addEditService', area: 'serviceSettings', page: (u) => <AddEditServicePage user={u} /> },
  { path: 'chatCodesInformation', area: 'serviceSettings', page: (u) => <ChatCodesInformationPage user={u} /> },
  { path: 'thankYou', area: 'serviceSettings', page: (u) => <ThankYouPage user={u} /> },
  { path: 'preQuestionnaire', area: 'serviceSettings', page: (u) => <PreQuestionnairePage user={u} /> },
  { path: 'selfBookingConfirmation', area: 'serviceSettings', page: (u) => <SelfBookingConfirmationPage user={u} /> },
  { path: 'templateEditor', area: 'serviceSettings', page: (u) => <TemplateEditorPage user={u} /> },
  { path: 'templateEditor/:kind/:language', area: 'serviceSettings', page: (u) => <TemplateEditorPage user={u} /> },
  { path: 'chat/customizable', area: 'serviceSettings', page: (u) => <ChatTextsPage user={u} /> },
  { path: 'queues', area: 'serviceSettings', page: () => lazyPage(<QueueBoardPage />) },
  { path: 'feedback', area: 'serviceSettings', page: () => <FeedbackPage /> },
  { path: 'statistics', area: 'serviceSettings', page: () => lazyPage(<StatisticsPage />) },
  { path: 'quickReplies', area: 'serviceSettings', page: (u) => lazyPage(<QuickRepliesPage user={u} />) },
  { path: 'chatCodes', area: 'chatCodes', page: (u) => <CodeGroupsPage user={u} kind="service" /> },
  { path: 'experts', area: 'experts', page: (u) => <ExpertsPage user={u} /> },
  { path: 'appointments', area: 'bookings', page: (u) => lazyPage(<AppointmentsPage user={u} />) },
  { path: 'appointments/customizable', area: 'bookings', page: (u) => lazyPage(<BookingSettingsPage user={u} />) },
  { path: 'appointment', area: 'bookings', page: (u) => lazyPage(<AppointmentPage user={u} />) },
  { path: 'organizationUsers', area: 'users', page: (u) => <UsersPage key="organisation" scope="organisation" user={u} /> },
  { path: 'auditLog', area: 'users', page: () => lazyPage(<AuditLogPage />) },
  // Async messaging (issue 11): categories, their texts and experts are service settings; message codes, codes.
  { path: 'messages/categories', area: 'serviceSettings', page: (u) => <MessageCategoriesPage user={u} /> },
  { path: 'messages/category/edit', area: 'serviceSettings', page: (u) => <CategoryEditPage user={u} /> },
  { path: 'messages/subcategory/edit', area: 'serviceSettings', page: (u) => <SubcategoryEditPage user={u} /> },
  { path: 'messages/customizable', area: 'serviceSettings', page: (u) => <MessagesTextsPage user={u} /> },
  { path: 'messages/experts', area: 'serviceSettings', page: (u) => <MessageExpertsPage user={u} /> },
  { path: 'messages/messageCodes', area: 'chatCodes', page: (u) => <CodeGroupsPage user={u} kind="subcategory" /> },
  { path: 'surveys', area: 'serviceSettings', page: (u) => lazyPage(<SurveyListPage user={u} />) },
  { path: 'surveys/edit', area: 'serviceSettings', page: (u) => lazyPage(<SurveyBuilderPage user={u} />) },
  { path: 'webhooks', area: 'serviceSettings', page: (u) => lazyPage(<WebhooksPage user={u} />) },
  { path: 'api-clients', area: 'serviceSettings', page: (u) => lazyPage(<ApiClientsPage user={u} />) },
];

/** The admin app (spec §2 'Admin routes' of this release). */
export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<RequireAdmin organisation={false}>{(u) => <AdminHomePage user={u} />}</RequireAdmin>} />
        <Route path="login" element={<StaffLoginPage role="admin" home={HOME} />} />
        <Route path="register" element={<RegisterPage role="admin" />} />
        <Route path="changePassword" element={<ChangePasswordPage role="admin" home={HOME} />} />
        {ORGANISATION_PAGES.map(({ path, area, page }) => (
          <Route key={path} path={path} element={<RequireAdmin area={area}>{page}</RequireAdmin>} />
        ))}
        <Route path="globalSettings" element={<RequireAdmin global>{(u) => <GlobalSettingsPage user={u} />}</RequireAdmin>} />
        <Route
          path="globalUsers"
          element={<RequireAdmin global>{(u) => <UsersPage key="global" scope="global" user={u} />}</RequireAdmin>}
        />
        <Route path="newOrganization" element={<RequireAdmin global>{() => <NewOrganisationPage />}</RequireAdmin>} />
        <Route path="*" element={<NotFound home={HOME} />} />
      </Route>
    </Routes>
  );
}
