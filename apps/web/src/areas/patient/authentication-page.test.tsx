import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mount } from '@/test/mount';
import './patient-texts';
import { AuthenticationPage } from './authentication-page';

const render = (search: string) =>
  mount(
    <MemoryRouter initialEntries={[`/authentication${search}`]}>
      <AuthenticationPage variant="login" />
    </MemoryRouter>,
  );

describe('the authentication page after a sign-in came back', () => {
  it('says a cancelled identification was cancelled, not that it failed, and offers to try again', async () => {
    const host = await render('?error=loginCancelled');
    const alert = host.querySelector('[role="status"]');
    expect(alert?.textContent).toBe('Tunnistautuminen peruutettiin. Voit yrittää uudelleen.');
    expect(host.textContent).not.toContain('epäonnistui');
    expect(host.querySelector('button.primary')?.textContent).toBe('Tunnistaudu');
  });

  it('still calls a real failure a failure', async () => {
    const host = await render('?error=loginFailed');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Tunnistautuminen epäonnistui. Yritä uudelleen.');
  });
});
