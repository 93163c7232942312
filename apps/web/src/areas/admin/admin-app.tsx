import '../../features/staff/staff-texts';
import './admin-texts';
import '../../styles/staff.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import type { AdminArea, StaffUserData } from '@prsp/contracts';
import { Loading, NotAvailable, NotFound } from '../../components/route-fallbacks';
import { StaffLoginPage } from '../../features/staff/login-page';
import { ChangePasswordPage, RegisterPage } from '../../features/staff/password-pages';
import { RequireAdmin } from './admin-guards';
import { AdminLayout } from './admin-layout';
import { ChatCodesPage } from './chat-codes/chat-codes-page';
import { ChatTextsPage } from './content/chat-texts-page';
import { PreQuestionnairePage } from './content/pre-questionnaire-page';
import { ChatCodesInformationPage, SelfBookingConfirmationPage } from './content/simple-content-pages';
import { ThankYouPage } from './content/thank-you-page';
import { ExpertsPage } from './experts/experts-page';
import { FeedbackPage } from './feedback/feedback-page';
import { AdminHomePage } from './home-page';
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
  { path: 'chat/customizable', area: 'serviceSettings', page: (u) => <ChatTextsPage user={u} /> },
  { path: 'feedback', area: 'serviceSettings', page: () => <FeedbackPage /> },
  { path: 'chatCodes', area: 'chatCodes', page: (u) => <ChatCodesPage user={u} /> },
  { path: 'experts', area: 'experts', page: (u) => <ExpertsPage user={u} /> },
  { path: 'appointments', area: 'bookings', page: (u) => lazyPage(<AppointmentsPage user={u} />) },
  { path: 'appointments/customizable', area: 'bookings', page: (u) => lazyPage(<BookingSettingsPage user={u} />) },
  { path: 'appointment', area: 'bookings', page: (u) => lazyPage(<AppointmentPage user={u} />) },
  { path: 'organizationUsers', area: 'users', page: (u) => <UsersPage key="organisation" scope="organisation" user={u} /> },
];

/** Spec §2 admin routes whose screens later issues build: each shows the 'not available yet' page, not a 404. */
const LATER_PAGES: { path: string; labelKey: string }[] = [
  { path: 'messages/categories', labelKey: 'admin.later.messageCategories' },
  { path: 'messages/category/edit', labelKey: 'admin.later.messageCategoryEdit' },
  { path: 'messages/subcategory/edit', labelKey: 'admin.later.messageSubcategoryEdit' },
  { path: 'messages/customizable', labelKey: 'admin.later.messagesCustomizable' },
  { path: 'messages/messageCodes', labelKey: 'admin.later.messageCodes' },
  { path: 'messages/experts', labelKey: 'admin.later.messageExperts' },
];

function LaterPage({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <NotAvailable page={t(labelKey)} home={HOME} homeLabel={t('admin.menu.home')} />;
}

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
        <Route
          path="globalUsers"
          element={<RequireAdmin global>{(u) => <UsersPage key="global" scope="global" user={u} />}</RequireAdmin>}
        />
        <Route path="newOrganization" element={<RequireAdmin global>{() => <NewOrganisationPage />}</RequireAdmin>} />
        {LATER_PAGES.map(({ path, labelKey }) => (
          <Route key={path} path={path} element={<RequireAdmin>{() => <LaterPage labelKey={labelKey} />}</RequireAdmin>} />
        ))}
        <Route path="*" element={<NotFound home={HOME} />} />
      </Route>
    </Routes>
  );
}
