import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { NO_RIGHTS, type Language, type StaffUserData } from '@prsp/contracts';
import { currentLanguage } from '@/lib/i18n';
import { chooseLoginPageLanguage, useStaffLogin } from './staff-api';
import { useStaffStartLanguage } from './staff-language';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.unstubAllGlobals();
});

const user = (language: Language): StaffUserData => ({
  id: 'u-1',
  firstName: 'Eeva',
  lastName: 'Asiantuntija',
  email: 'eeva@vantaa.example',
  role: 'expert',
  isGlobalAdmin: false,
  language,
  organisation: null,
  organisations: [],
  rights: NO_RIGHTS,
});

function mount() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
}

function Start({ who }: { who: StaffUserData | null | undefined }) {
  useStaffStartLanguage(who);
  return null;
}

it('a staff app starts in Finnish, then in the language the signed-in user last chose (issue 28)', async () => {
  mount();
  await act(async () => root!.render(<Start who={undefined} />));
  await vi.waitFor(() => expect(currentLanguage()).toBe('fi'));
  // The user data arrives: the Swedish they chose before the reload.
  await act(async () => root!.render(<Start who={user('se')} />));
  await vi.waitFor(() => expect(currentLanguage()).toBe('se'));
  // Signing out keeps the language on the login page.
  await act(async () => root!.render(<Start who={null} />));
  expect(currentLanguage()).toBe('se');
});

/** Signs in through the hook; the server answers the user data with `stored` and records the client_params sent. */
async function signIn(stored: Language): Promise<string[]> {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('client_params')) sent.push(JSON.parse(String(init?.body)).lang);
      const data = url.includes('user_data') ? user(sent.at(-1) === 'en' ? 'en' : stored) : null;
      return Response.json({ status: 'ok', statusCode: 200, data });
    }),
  );
  function Login() {
    const login = useStaffLogin('expert');
    return <button onClick={() => login.mutate({ username: 'a@b.fi', password: 'x' })}>{login.isSuccess ? 'in' : 'out'}</button>;
  }
  mount();
  await act(async () =>
    root!.render(
      <QueryClientProvider client={new QueryClient()}>
        <Login />
      </QueryClientProvider>,
    ),
  );
  await act(async () => host.querySelector('button')!.click());
  await act(() => vi.waitFor(() => expect(host.textContent).toBe('in')));
  return sent;
}

it("signing in keeps the user's earlier choice (not the login page's Finnish); a choice made on the login page becomes theirs", async () => {
  expect(await signIn('se')).toEqual(['se']);
  act(() => root?.unmount());
  chooseLoginPageLanguage('en');
  expect(await signIn('se')).toEqual(['en']);
});
