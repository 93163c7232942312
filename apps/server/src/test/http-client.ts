/**
 * A tiny browser stand-in for integration tests: keeps cookies, follows nothing by itself,
 * and sends the CSRF header and Origin the way the web app does.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async fetch(pathOrUrl: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers = new Headers(init.headers);
    if (url.origin === new URL(this.baseUrl).origin && this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && init.csrf !== false) {
      headers.set('origin', new URL(this.baseUrl).origin);
      const token = this.cookies.get('prsp_csrf');
      if (token) headers.set('x-csrf-token', token);
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  /** Follows redirects by hand (so cookies are kept at each hop); returns the last response and its URL. */
  async follow(pathOrUrl: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> {
    let url = new URL(pathOrUrl, this.baseUrl).href;
    let res = await this.fetch(url, init);
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 10; hops++) {
      url = new URL(locationOf(res, url), url).href;
      res = await this.fetch(url);
    }
    return { res, url };
  }

  /** Signs in through /api/login and the built-in provider's page, as a person would. */
  async signIn(ssn: string, names: { givenName?: string; familyName?: string } = {}): Promise<{ res: Response; url: string }> {
    const page = await this.follow('/api/login');
    if (!/\/test-idp\/interaction\//.test(page.url)) throw new Error(`expected the provider's page, got ${page.url}`);
    const form = new URLSearchParams({ ssn, givenName: names.givenName ?? '', familyName: names.familyName ?? '' });
    const posted = await this.fetch(`${page.url}/login`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    if (posted.status !== 303)
      throw new Error(`the provider's form answered ${posted.status} at ${page.url}/login: ${(await posted.text()).slice(0, 200)}`);
    return this.follow(locationOf(posted, page.url));
  }
}

/** A redirect's target; a redirect without one is an error named here, not a request for the path "null". */
function locationOf(res: Response, url: string): string {
  const location = res.headers.get('location');
  if (!location) throw new Error(`${res.status} without a Location at ${url}`);
  return location;
}
