/** Reads a cookie set for this site, or undefined. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Writes a first-party cookie readable by the app (not for secrets). */
export function writeCookie(name: string, value: string, maxAgeDays = 365): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeDays * 86_400}; SameSite=Lax${secure}`;
}
