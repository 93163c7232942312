import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, it } from 'vitest';
import { readGuestSession, saveGuestSession } from '@/lib/guest-session';
import { mount } from '@/test/mount';
import { GuestSignedOutPage } from './guest-signed-out-page';
import { useGuestLogout } from './guest-mode';

function LogOut() {
  const logout = useGuestLogout();
  return (
    <button type="button" onClick={logout}>
      log out
    </button>
  );
}

it("a guest who logs out lands on the guests' own signed-out page, not the patients' sign-in (issue 29)", async () => {
  saveGuestSession({ token: 't', appointmentId: 'a1', name: 'Greta', email: 'greta@example.com' });
  const host = await mount(
    <MemoryRouter initialEntries={['/thank-you-guest']}>
      <Routes>
        <Route path="/thank-you-guest" element={<LogOut />} />
        <Route path="/guest-signed-out" element={<GuestSignedOutPage />} />
        <Route path="*" element={<p>patients&apos; sign-in</p>} />
      </Routes>
    </MemoryRouter>,
    { queryClient: true },
  );
  await act(async () => host.querySelector('button')!.click());
  expect(readGuestSession()).toBeNull();
  const heading = host.querySelector('h1')!;
  expect(heading.textContent).toBe('Olet kirjautunut ulos. Kiitos!');
  expect(document.activeElement).toBe(heading);
  expect(host.textContent).toContain('Voit nyt sulkea tämän ikkunan.');
  expect(host.textContent).toContain('avaa kutsussa oleva linkki');
});
