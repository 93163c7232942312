import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/route-fallbacks';
import { useLogout, useUserInfo } from './auth-api';

/** The first page after sign-in: the start of the portal (later issues build the landing on it). */
export function PortalStartPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user.data) return <Loading />;

  return (
    <section className="card">
      <h1>{t('portal.greeting', { name: user.data.firstName })}</h1>
      <p>{t('portal.start')}</p>
      <p className="muted">{t('portal.signedInAs', { fullName: `${user.data.firstName} ${user.data.lastName}` })}</p>
      <button
        type="button"
        className="button secondary"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/logout') })}
      >
        {t('portal.logout')}
      </button>
    </section>
  );
}
