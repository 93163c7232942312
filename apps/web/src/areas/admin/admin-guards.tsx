import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { Link, Navigate } from 'react-router';
import type { AdminArea, StaffUserData } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { useStaffUser } from '@/features/staff/staff-api';
import { useTranslation } from '@/lib/i18n';

function NoAccess({ reason }: { reason: 'rights' | 'organisation' }) {
  const { t } = useTranslation();
  usePageTitle(t(reason === 'rights' ? 'admin.noAccess.rightsTitle' : 'admin.noAccess.organisationTitle'));
  return (
    <section className="card">
      <h1>{t(reason === 'rights' ? 'admin.noAccess.rightsTitle' : 'admin.noAccess.organisationTitle')}</h1>
      <p>{t(reason === 'rights' ? 'admin.noAccess.rightsText' : 'admin.noAccess.organisationText')}</p>
      <Link to="/admin">{t('staff.toHome')}</Link>
    </section>
  );
}

/**
 * Who may open a page. The menu already hides what the rights do not allow; this guards typed URLs.
 * The server refuses every call it must refuse anyway: these checks only spare the user a broken page.
 */
export function RequireAdmin({
  children,
  area,
  global,
  organisation = true,
}: {
  children: (user: StaffUserData) => ReactNode;
  area?: AdminArea;
  global?: boolean;
  organisation?: boolean;
}) {
  const user = useStaffUser('admin');
  if (user.isPending) return <Loading />;
  if (!user.data) return <Navigate to="/admin/login" replace />;
  const data = user.data;
  if (global && !data.isGlobalAdmin) return <NoAccess reason="rights" />;
  if (!global && organisation && !data.organisation) return <NoAccess reason="organisation" />;
  if (area && !data.rights[area].view) return <NoAccess reason="rights" />;
  return children(data);
}
