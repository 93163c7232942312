import type { TFunction } from '@/lib/i18n';
import { alertSettings } from './alert-settings';

/**
 * Browser notifications of the expert app (issue 32, point 4; docs/quick-replies.md 'Notifications'): a new patient
 * in the expert's queues, a patient's message in an open chat, a new secure message. Only with the expert's consent
 * (the browser's permission, asked from a button, and the setting on), and only while the page is hidden or another
 * window has the focus. A notification names no patient and carries no message text, nothing the expert app would
 * not show on a locked screen: the queue's name at most. One tag for all, so a newer one replaces the one before.
 */
export type DeskNotice = { kind: 'newPatient'; queue: string } | { kind: 'chatMessage' } | { kind: 'secureMessage' };

export const NOTIFICATION_TAG = 'prsp-expert';

/** The title and body of a notice, in the expert's language. */
export function noticeText(notice: DeskNotice, t: TFunction): { title: string; body: string } {
  const title = t('expertAlerts.notification.title');
  if (notice.kind === 'newPatient') return { title, body: t('expertAlerts.notification.newPatient', { queue: notice.queue }) };
  return { title, body: t(`expertAlerts.notification.${notice.kind}`) };
}

/** The permission the browser has given: 'unsupported' where there are no notifications at all. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Whether the expert is looking elsewhere: this tab hidden, or another window in front. */
export function pageAway(doc: Pick<Document, 'hidden' | 'hasFocus'> = document): boolean {
  return doc.hidden || !doc.hasFocus();
}

/** Whether a notice should be shown now (the rule, apart from the browser). */
export function shouldNotify(permission: NotificationPermission | 'unsupported', wanted: boolean, away: boolean): boolean {
  return permission === 'granted' && wanted && away;
}

/** Shows the notice when the rule allows; a click brings the app's window to the front. */
export function notifyDesk(notice: DeskNotice, t: TFunction): void {
  if (!shouldNotify(notificationPermission(), alertSettings().notify, pageAway())) return;
  try {
    const { title, body } = noticeText(notice, t);
    const shown = new Notification(title, { body, tag: NOTIFICATION_TAG, icon: '/favicon.svg' });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some browsers (Chrome on Android) allow notifications only from a service worker: the chime and title still tell.
  }
}
