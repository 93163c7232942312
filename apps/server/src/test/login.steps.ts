import type { TestBrowser } from './http-client';

const CALLBACK_PATH = '/api/login/callback';

/**
 * Runs a sign-in up to the broker's redirect back to us and stops there, so a test can look at the
 * callback's raw answer or spoil it first. Picks `ssn` on the provider's page when the page is shown;
 * when the provider still remembers the person (a second sign-in), it sends the browser straight back.
 * The browser then holds the login state cookie; the callback URL is returned, not yet fetched.
 */
export async function reachCallback(
  browser: TestBrowser,
  ssn: string,
  names: { givenName?: string; familyName?: string } = {},
): Promise<string> {
  let url = new URL('/api/login', browser.baseUrl).href;
  let res = await browser.fetch(url);
  let posted = false;
  for (let hops = 0; hops < 12; hops++) {
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      if (new URL(url).pathname === CALLBACK_PATH) return url;
      res = await browser.fetch(url);
    } else if (res.status === 200 && !posted && /^\/test-idp\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      posted = true;
      url = `${url}/login`;
      const form = new URLSearchParams({ ssn, givenName: names.givenName ?? '', familyName: names.familyName ?? '' });
      res = await browser.fetch(url, {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
    } else {
      throw new Error(`sign-in stopped with ${res.status} at ${url}`);
    }
  }
  throw new Error('too many redirects before the callback');
}

/** The attributes of one cookie in a response's Set-Cookie headers, lower-cased names; undefined when not set. */
export function setCookieAttributes(res: Response, name: string): { value: string; attrs: Map<string, string> } | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq) !== name) continue;
    const map = new Map<string, string>();
    for (const attr of attrs) {
      const [key, ...rest] = attr.split('=');
      map.set(key!.toLowerCase(), rest.join('='));
    }
    return { value: pair!.slice(eq + 1), attrs: map };
  }
  return undefined;
}
