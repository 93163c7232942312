import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { StaffAreaShell } from '@/components/staff-area-shell';
import { MenuDisclosure, MenuLinks } from '@/components/ui/menu';
import { ProfileMenu } from '@/features/staff/profile-menu';
import {
  readDefaultOrganisation,
  useForgetUserOnSessionEnd,
  useSetOrganisation,
  useStaffLogout,
  useStaffUser,
} from '@/features/staff/staff-api';
import { StaffLanguageSwitcher, useStaffStartLanguage } from '@/features/staff/staff-language';
import { PageTitleOrganisation } from '@/lib/use-page-title';
import { adminMenu } from './admin-menu';
import { OrganisationChoiceModal } from './organisation-choice-modal';
import { useTranslation } from '@/lib/i18n';

/** Pages a signed-out visitor uses: no menus, no organisation choice there. */
const PUBLIC_PAGES = ['/admin/login', '/admin/register', '/admin/changePassword'];

export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useStaffUser('admin');
  useStaffStartLanguage(user.data);
  useForgetUserOnSessionEnd('admin');
  const logout = useStaffLogout('admin');
  const setOrganisation = useSetOrganisation();
  const [changing, setChanging] = useState(false);
  // Who dismissed the selection (a global admin may): the next sign-in asks again.
  const [dismissedBy, setDismissedBy] = useState<string>();
  const data = user.data;
  const onPublicPage = PUBLIC_PAGES.includes(pathname);

  // A remembered organisation the admin still belongs to is taken back without asking (spec §4: cleared at sign-in).
  const remembered = readDefaultOrganisation();
  const canRestore = Boolean(
    data && !data.organisation && remembered && data.organisations.some((o) => o.id === remembered) && !setOrganisation.isError,
  );
  const restore = setOrganisation.mutate;
  const restoreIdle = setOrganisation.isIdle;
  useEffect(() => {
    if (canRestore && restoreIdle && remembered) restore(remembered);
  }, [canRestore, restoreIdle, remembered, restore]);

  const mustSelect = Boolean(
    data && !data.organisation && !onPublicPage && !canRestore && dismissedBy !== data?.id && !setOrganisation.isPending,
  );
  const signOut = () => logout.mutate();

  const changeOrganisation = data && (data.organisations.length > 1 || (!data.organisation && data.organisations.length > 0)) && (
    <button type="button" className="button small secondary" onClick={() => setChanging(true)}>
      {t(data.organisation ? 'admin.organisationChoice.changeButton' : 'admin.organisationChoice.selectButton')}
    </button>
  );
  const language = <StaffLanguageSwitcher signedIn={Boolean(data)} />;
  // On a phone the organisation, its change button and the languages go into the main menu, so the header is
  // one or two rows instead of five (issue 28); on a wider screen they stay in the header (`wide-only`).
  const tools = data && (
    <>
      <div className="wide-only header-group">
        {data.organisation && <span className="org-name">{data.organisation.name}</span>}
        {changeOrganisation}
      </div>
      <MenuDisclosure label={t('staff.mainMenu')}>
        <div className="phone-only menu-header-tools">
          {data.organisation && <p className="menu-who">{t('admin.organisationChoice.current', { name: data.organisation.name })}</p>}
          {changeOrganisation}
          {language}
        </div>
        <MenuLinks label={t('admin.menu.home')} links={[{ to: '/admin', label: t('admin.menu.home') }]} />
        {adminMenu(data.rights, data.isGlobalAdmin, Boolean(data.organisation)).map((group) => (
          <MenuLinks
            key={group.id}
            label={t(group.headingKey)}
            heading={t(group.headingKey)}
            links={group.links.map((l) => ({ to: l.to, label: t(l.labelKey) }))}
          />
        ))}
      </MenuDisclosure>
      <ProfileMenu role="admin" user={data} />
    </>
  );

  return (
    <StaffAreaShell
      title={`PRSP ${t('staff.adminTitle')}`}
      tools={
        <>
          {tools}
          <div className={data ? 'wide-only' : undefined}>{language}</div>
        </>
      }
    >
      <PageTitleOrganisation name={data?.organisation?.name}>
        <Outlet />
      </PageTitleOrganisation>
      {data && (
        <OrganisationChoiceModal
          key={String(changing)}
          user={data}
          open={mustSelect || changing}
          mode={changing ? 'change' : 'select'}
          onClose={() => {
            setChanging(false);
            setDismissedBy(data.id);
          }}
          onLogout={signOut}
        />
      )}
    </StaffAreaShell>
  );
}
