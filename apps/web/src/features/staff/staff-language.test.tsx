import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { NO_RIGHTS, type Language, type StaffUserData } from '@prsp/contracts';
import { currentLanguage } from '@/lib/i18n';
import { createHost, mount, unmountAll } from '@/test/mount';
import { chooseLoginPageLanguage, useStaffLogin } from './staff-api';
import { useStaffStartLanguage } from './staff-language';

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

function Start({ who }: { who: StaffUserData | null | undefined }) {
  useStaffStartLanguage(who);
  return null;
}

it('a staff app starts in Finnish, then in the language the signed-in user last chose (issue 28)', async () => {
  const { root } = createHost();
  await act(async () => root.render(<Start who={undefined} />));
  await vi.waitFor(() => expect(currentLanguage()).toBe('fi'));
  // The user data arrives: the Swedish they chose before the reload.
  await act(async () => root.render(<Start who={user('se')} />));
  await vi.waitFor(() => expect(currentLanguage()).toBe('se'));
  // Signing out keeps the language on the login page.
  await act(async () => root.render(<Start who={null} />));
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
  const host = await mount(<Login />, { queryClient: true });
  await act(async () => host.querySelector('button')!.click());
  await act(() => vi.waitFor(() => expect(host.textContent).toBe('in')));
  return sent;
}

it("signing in keeps the user's earlier choice (not the login page's Finnish); a choice made on the login page becomes theirs", async () => {
  expect(await signIn('se')).toEqual(['se']);
  unmountAll();
  chooseLoginPageLanguage('en');
  expect(await signIn('se')).toEqual(['en']);
});
