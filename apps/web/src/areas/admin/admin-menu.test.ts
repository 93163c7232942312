import { describe, expect, test } from 'vitest';
import { NO_RIGHTS, PRESET_RIGHTS } from '@prsp/contracts';
import { adminMenu, areaOfPath } from './admin-menu';

const paths = (groups: ReturnType<typeof adminMenu>) => groups.flatMap((g) => g.links.map((l) => l.to));

describe('the admin menu shows what the rights allow (spec §6)', () => {
  test('an organisation admin sees every organisation screen but no global menu', () => {
    const shown = paths(adminMenu(PRESET_RIGHTS.organisationAdmin, false, true));
    expect(shown).toContain('/admin/organization');
    expect(shown).toContain('/admin/chatCodes');
    expect(shown).toContain('/admin/experts');
    expect(shown).toContain('/admin/organizationUsers');
    expect(shown).toContain('/admin/chat/customizable');
    expect(shown).toContain('/admin/feedback');
    expect(shown).toContain('/admin/messages/categories');
    expect(shown).toContain('/admin/messages/messageCodes');
    expect(shown).toContain('/admin/api-clients');
    expect(shown).not.toContain('/admin/globalUsers');
  });

  test('a booker sees experts and the booking screens', () => {
    expect(paths(adminMenu(PRESET_RIGHTS.booker, false, true))).toEqual([
      '/admin/experts',
      '/admin/appointments',
      '/admin/appointments/customizable',
    ]);
  });

  test('a global admin has the global menus, also without an organisation', () => {
    expect(paths(adminMenu(NO_RIGHTS, true, false))).toEqual(['/admin/globalSettings', '/admin/globalUsers', '/admin/newOrganization']);
    expect(adminMenu(NO_RIGHTS, true, false).at(-1)?.headingKey).toBe('admin.menu.globalHeading');
  });

  test('without an organisation a plain admin has nothing to open', () => {
    expect(adminMenu(PRESET_RIGHTS.organisationAdmin, false, false)).toEqual([]);
  });

  test('each screen names the right area for the route guard', () => {
    expect(areaOfPath('/admin/chatCodes')).toBe('chatCodes');
    expect(areaOfPath('/admin/thankYou')).toBe('serviceSettings');
    expect(areaOfPath('/admin/appointments')).toBe('bookings');
    expect(areaOfPath('/admin/appointments/customizable')).toBe('bookings');
    expect(areaOfPath('/admin/chat/customizable')).toBe('serviceSettings');
    expect(areaOfPath('/admin/feedback')).toBe('serviceSettings');
    expect(areaOfPath('/admin/api-clients')).toBe('serviceSettings');
    expect(areaOfPath('/admin/messages/categories')).toBe('serviceSettings');
    expect(areaOfPath('/admin/messages/experts')).toBe('serviceSettings');
    expect(areaOfPath('/admin/messages/messageCodes')).toBe('chatCodes');
    expect(areaOfPath('/admin/globalUsers')).toBeUndefined();
  });
});
