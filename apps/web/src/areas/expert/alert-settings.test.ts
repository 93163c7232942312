import { describe, expect, test } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, parseAlertSettings } from './alert-settings';
import { CHIMES, chimeLevel, EMERGENCY_MIN_VOLUME } from './chat/arrival-signal';
import { noticeText, pageAway, shouldNotify } from './desk-notifications';
import { secureMessageArrived } from './use-secure-message-notices';

describe('the sound settings kept on the device (issue 32)', () => {
  test('what was stored, checked; anything else is the default', () => {
    expect(parseAlertSettings(JSON.stringify({ muted: true, volume: 0.3, notify: false }))).toEqual({
      muted: true,
      volume: 0.3,
      notify: false,
    });
    expect(parseAlertSettings(null)).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(parseAlertSettings('{oops')).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(parseAlertSettings(JSON.stringify({ muted: 'yes', volume: 7 }))).toEqual({ ...DEFAULT_ALERT_SETTINGS, volume: 1 });
    expect(parseAlertSettings(JSON.stringify({ volume: -1 })).volume).toBe(0);
  });

  test('the arrival chime follows mute and volume; an emergency alarm is never muted nor quieter than its floor', () => {
    expect(chimeLevel('arrival', { muted: false, volume: 0.5 })).toBeCloseTo(CHIMES.arrival.volume * 0.5);
    expect(chimeLevel('arrival', { muted: true, volume: 1 })).toBe(0);
    expect(chimeLevel('arrival', { muted: false, volume: 0 })).toBe(0);
    expect(chimeLevel('emergency', { muted: true, volume: 0 })).toBeCloseTo(CHIMES.emergency.volume * EMERGENCY_MIN_VOLUME);
    expect(chimeLevel('emergency', { muted: false, volume: 1 })).toBeCloseTo(CHIMES.emergency.volume);
  });
});

describe('browser notifications (issue 32)', () => {
  const t = (key: string, values?: object) => `${key}${values ? JSON.stringify(values) : ''}`;

  test('only with permission, the setting on, and the page hidden or not in front', () => {
    expect(shouldNotify('granted', true, true)).toBe(true);
    expect(shouldNotify('granted', true, false)).toBe(false);
    expect(shouldNotify('granted', false, true)).toBe(false);
    expect(shouldNotify('default', true, true)).toBe(false);
    expect(shouldNotify('denied', true, true)).toBe(false);
    expect(shouldNotify('unsupported', true, true)).toBe(false);
  });

  test('away: the tab hidden, or another window has the focus', () => {
    expect(pageAway({ hidden: true, hasFocus: () => true })).toBe(true);
    expect(pageAway({ hidden: false, hasFocus: () => false })).toBe(true);
    expect(pageAway({ hidden: false, hasFocus: () => true })).toBe(false);
  });

  test('a notice names the queue at most: no patient, no message text', () => {
    expect(noticeText({ kind: 'newPatient', queue: 'Nurse' }, t).body).toBe('expertAlerts.notification.newPatient{"queue":"Nurse"}');
    expect(noticeText({ kind: 'chatMessage' }, t).body).toBe('expertAlerts.notification.chatMessage');
    expect(noticeText({ kind: 'secureMessage' }, t).body).toBe('expertAlerts.notification.secureMessage');
  });

  test('a new secure message: the counts grew since the last look (the first look only sets the start)', () => {
    expect(secureMessageArrived(undefined, { inbox: 3, open: 1 })).toBe(false);
    expect(secureMessageArrived({ inbox: 3, open: 1 }, { inbox: 4, open: 1 })).toBe(true);
    expect(secureMessageArrived({ inbox: 3, open: 1 }, { inbox: 3, open: 2 })).toBe(true);
    expect(secureMessageArrived({ inbox: 3, open: 1 }, { inbox: 2, open: 1 })).toBe(false);
  });
});
