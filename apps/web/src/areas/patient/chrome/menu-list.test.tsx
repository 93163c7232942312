import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { mount } from '@/test/mount';
import '../patient-texts';
import { MenuList } from './menu-list';

describe('a menu entry onboarding does not allow yet (spec §6)', () => {
  it('is no link: a button marked aria-disabled that goes nowhere and does nothing', async () => {
    const onAction = vi.fn();
    const host = await mount(
      <MemoryRouter initialEntries={['/contact']}>
        <MenuList
          entries={[
            { id: 'contact', to: '/profile/contact', disabled: true },
            { id: 'actOnBehalf', disabled: true },
            { id: 'logout', disabled: false },
          ]}
          onAction={onAction}
        />
      </MemoryRouter>,
    );
    expect(host.querySelectorAll('a, [role="link"]')).toHaveLength(0);
    const [contact, acting] = [...host.querySelectorAll<HTMLButtonElement>('.menu-item.disabled')];
    expect(contact?.tagName).toBe('BUTTON');
    expect(contact?.textContent).toBe('Yhteystiedot');
    expect(contact?.getAttribute('aria-disabled')).toBe('true');
    expect(acting?.getAttribute('aria-disabled')).toBe('true');
    await act(async () => acting!.click());
    expect(onAction).not.toHaveBeenCalled();
  });
});
