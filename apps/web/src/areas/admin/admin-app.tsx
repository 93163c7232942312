import '../../features/staff/staff-texts';
import './admin-texts';
import '../../styles/staff.css';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { AdminArea, StaffUserData } from '@prsp/contracts';
import { NotFound } from '../../components/route-fallbacks';
import { StaffLoginPage } from '../../features/staff/login-page';
import { ChangePasswordPage, RegisterPage } from '../../features/staff/password-pages';
import { RequireAdmin } from './admin-guards';
import { AdminLayout } from './admin-layout';
import { ChatCodesPage } from './chat-codes/chat-codes-page';
import { PreQuestionnairePage } from './content/pre-questionnaire-page';
import { ChatCodesInformationPage, SelfBookingConfirmationPage } from './content/simple-content-pages';
import { ThankYouPage } from './content/thank-you-page';
import { ExpertsPage } from './experts/experts-page';
import { AdminHomePage } from './home-page';
import { NewOrganisationPage } from './organisation/new-organisation-page';
import { OrganisationSettingsPage } from './organisation/organisation-page';
import { AddEditServicePage } from './services/add-edit-service-page';
import { TemplateEditorPage } from './templates/template-editor-page';
import { UsersPage } from './users/users-page';

const HOME = '/admin';

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
  { path: 'chatCodes', area: 'chatCodes', page: (u) => <ChatCodesPage user={u} /> },
  { path: 'experts', area: 'experts', page: (u) => <ExpertsPage user={u} /> },
  { path: 'organizationUsers', area: 'users', page: (u) => <UsersPage key="organisation" scope="organisation" user={u} /> },
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
