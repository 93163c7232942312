import type { AdminArea, AdminRights } from '@prsp/contracts';

export type AdminMenuLink = { to: string; labelKey: string; area?: AdminArea };
export type AdminMenuGroup = { id: string; headingKey: string; links: AdminMenuLink[] };

/** Every screen of the admin app this release has, grouped as the menu shows them, each with the right it needs. */
const GROUPS: AdminMenuGroup[] = [
  {
    id: 'service',
    headingKey: 'admin.menu.serviceHeading',
    links: [
      { to: '/admin/organization', labelKey: 'admin.menu.organization', area: 'serviceSettings' },
      { to: '/admin/addEditService', labelKey: 'admin.menu.addService', area: 'serviceSettings' },
      { to: '/admin/chatCodesInformation', labelKey: 'admin.menu.chatCodesInformation', area: 'serviceSettings' },
      { to: '/admin/thankYou', labelKey: 'admin.menu.thankYou', area: 'serviceSettings' },
      { to: '/admin/preQuestionnaire', labelKey: 'admin.menu.preQuestionnaire', area: 'serviceSettings' },
      { to: '/admin/selfBookingConfirmation', labelKey: 'admin.menu.selfBookingConfirmation', area: 'serviceSettings' },
      { to: '/admin/templateEditor', labelKey: 'admin.menu.templateEditor', area: 'serviceSettings' },
      { to: '/admin/surveys', labelKey: 'surveysAdmin.menu', area: 'serviceSettings' },
      { to: '/admin/webhooks', labelKey: 'webhooksAdmin.menu', area: 'serviceSettings' },
      { to: '/admin/api-clients', labelKey: 'apiClientsAdmin.menu', area: 'serviceSettings' },
    ],
  },
  {
    id: 'chat',
    headingKey: 'admin.menu.chatHeading',
    links: [
      { to: '/admin/chat/customizable', labelKey: 'admin.menu.chatCustomizable', area: 'serviceSettings' },
      { to: '/admin/queues', labelKey: 'queueBoard.menu', area: 'serviceSettings' },
      { to: '/admin/feedback', labelKey: 'admin.menu.feedback', area: 'serviceSettings' },
      { to: '/admin/statistics', labelKey: 'statistics.menu', area: 'serviceSettings' },
      { to: '/admin/quickReplies', labelKey: 'quickReplies.adminMenu', area: 'serviceSettings' },
    ],
  },
  {
    id: 'people',
    headingKey: 'admin.menu.peopleHeading',
    links: [
      { to: '/admin/experts', labelKey: 'admin.menu.experts', area: 'experts' },
      { to: '/admin/organizationUsers', labelKey: 'admin.menu.organizationUsers', area: 'users' },
      { to: '/admin/auditLog', labelKey: 'auditLog.menu', area: 'users' },
    ],
  },
  {
    id: 'bookings',
    headingKey: 'admin.menu.bookingsHeading',
    links: [
      { to: '/admin/appointments', labelKey: 'admin.menu.appointments', area: 'bookings' },
      { to: '/admin/appointments/customizable', labelKey: 'admin.menu.appointmentsCustomizable', area: 'bookings' },
    ],
  },
  {
    id: 'codes',
    headingKey: 'admin.menu.codesHeading',
    links: [{ to: '/admin/chatCodes', labelKey: 'admin.menu.chatCodes', area: 'chatCodes' }],
  },
  {
    id: 'messages',
    headingKey: 'admin.menu.messagesHeading',
    links: [
      { to: '/admin/messages/categories', labelKey: 'admin.menu.messageCategories', area: 'serviceSettings' },
      { to: '/admin/messages/customizable', labelKey: 'admin.menu.messagesCustomizable', area: 'serviceSettings' },
      { to: '/admin/messages/experts', labelKey: 'admin.menu.messageExperts', area: 'serviceSettings' },
      { to: '/admin/messages/messageCodes', labelKey: 'admin.menu.messageCodes', area: 'chatCodes' },
    ],
  },
];

/** Spec §6 'Global admin menus: global settings, global user management, new organisation'. */
const GLOBAL: AdminMenuGroup = {
  id: 'global',
  headingKey: 'admin.menu.globalHeading',
  links: [
    { to: '/admin/globalSettings', labelKey: 'admin.menu.globalSettings' },
    { to: '/admin/globalUsers', labelKey: 'admin.menu.globalUsers' },
    { to: '/admin/newOrganization', labelKey: 'admin.menu.newOrganization' },
  ],
};

/**
 * The menu an admin sees: only what their rights in the chosen organisation allow to view (the server
 * still refuses anything else), and the global menus for a global admin. Without an organisation only
 * the global menus remain.
 */
export function adminMenu(rights: AdminRights | undefined, isGlobalAdmin: boolean, hasOrganisation: boolean): AdminMenuGroup[] {
  const groups = hasOrganisation
    ? GROUPS.map((g) => ({ ...g, links: g.links.filter((l) => !l.area || (rights?.[l.area].view ?? false)) })).filter(
        (g) => g.links.length > 0,
      )
    : [];
  return isGlobalAdmin ? [...groups, GLOBAL] : groups;
}

/** The right a route needs, for the route guards: the same table as the menu. */
export function areaOfPath(path: string): AdminArea | undefined {
  for (const group of GROUPS) for (const link of group.links) if (link.to === path) return link.area;
  return undefined;
}
