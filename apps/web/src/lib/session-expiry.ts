export type AppArea = 'patient' | 'expert' | 'admin';

/**
 * Pages on which a 101 answer does not log the user out (spec §4 'Session expiry'):
 * home, login, register, change-password, base, logout and authentication.
 */
const EXEMPT: Record<AppArea, readonly string[]> = {
  patient: ['/', '/authentication', '/logout'],
  expert: ['/expert', '/expert/login', '/expert/register', '/expert/changePassword'],
  admin: ['/admin', '/admin/login', '/admin/register', '/admin/changePassword'],
};

export function areaOf(pathname: string): AppArea {
  if (pathname === '/expert' || pathname.startsWith('/expert/')) return 'expert';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  return 'patient';
}

/** Where a 101 sends the user, or undefined when it must be ignored. */
export function sessionExpiredRedirect(pathname: string, authenticated: boolean): string | undefined {
  if (!authenticated) return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const area = areaOf(path);
  if (EXEMPT[area].includes(path)) return undefined;
  return area === 'patient' ? '/logout?unauthorized=true' : `/${area}/login?unauthorized=true`;
}
