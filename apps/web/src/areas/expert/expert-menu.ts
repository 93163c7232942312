import type { FeatureFlags, MessagingCounts } from '@prsp/contracts';

/**
 * `count`: which of the messaging counts (`GET /api/expert/async-messaging/counts`) the entry shows beside its label.
 */
export type ExpertMenuEntry = { to: string; labelKey: string; count?: keyof MessagingCounts };
export type ExpertMenuGroup = { headingKey?: string; entries: ExpertMenuEntry[] };

/**
 * The expert app's main menu (spec §2 'Expert app routes'), grouped; `shiftLead` adds the queue board. Bookings and messages follow the
 * organisation's feature flags; until the flags are known every entry shows. One appointment's details
 * (`/expert/appointment?id=`) open from the schedule and the lists, so the menu has no entry for them.
 */
export function expertMenu(flags: FeatureFlags | undefined, shiftLead = false): ExpertMenuGroup[] {
  const bookings = flags?.bookingsEnabled ?? true;
  const messages = flags?.asyncMessagingEnabled ?? true;
  const reception = flags?.remoteReceptionEnabled ?? true;
  const first: ExpertMenuEntry[] = [{ to: '/expert/desktop', labelKey: 'expert.menu.desktop' }];
  // The organisation's live queue board, for a shift lead (issue 32; the server refuses anyone else).
  if (reception && shiftLead) first.push({ to: '/expert/queues', labelKey: 'queueBoard.menu' });
  // The expert's own quick replies for the chat composer (issue 32).
  if (reception) first.push({ to: '/expert/quickReplies', labelKey: 'quickReplies.expertMenu' });
  const groups: ExpertMenuGroup[] = [{ entries: first }];
  if (bookings) {
    groups.push({
      headingKey: 'expert.menu.appointmentsHeading',
      entries: [
        { to: '/expert/schedule', labelKey: 'expert.menu.schedule' },
        { to: '/expert/allBookings', labelKey: 'expert.menu.allBookings' },
        { to: '/expert/appointmentHistory', labelKey: 'expert.menu.appointmentHistory' },
      ],
    });
  }
  groups.push({
    headingKey: 'expert.menu.surveysHeading',
    entries: [
      { to: '/expert/surveys/open', labelKey: 'expert.menu.surveysOpen' },
      { to: '/expert/surveys/answered', labelKey: 'expert.menu.surveysAnswered' },
      { to: '/expert/surveys/forwarded', labelKey: 'expert.menu.surveysForwarded' },
      { to: '/expert/surveys/appointment', labelKey: 'expert.menu.surveysAppointment' },
      { to: '/expert/surveys/templates', labelKey: 'expert.menu.surveysTemplates' },
    ],
  });
  if (messages) {
    groups.push({
      headingKey: 'expert.menu.messagesHeading',
      entries: [
        { to: '/expert/messages/inbox', labelKey: 'expert.menu.messagesInbox', count: 'inbox' },
        { to: '/expert/messages/patients', labelKey: 'expert.menu.messagesPatients', count: 'open' },
        { to: '/expert/messages/patientsEnded', labelKey: 'expert.menu.messagesEnded' },
        { to: '/expert/messages/new', labelKey: 'expert.menu.messagesNew' },
      ],
    });
  }
  return groups;
}

/** A menu label with its count ('Open conversations (2)'); the label alone while there is nothing waiting. */
export function withCount(label: string, count: number | undefined): string {
  return count ? `${label} (${count})` : label;
}
