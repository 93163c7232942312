import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Reminders } from '@prsp/contracts';
import { i18n } from '@/lib/i18n';
import { mount } from '@/test/mount';
import '../patient-texts';
import { RemindersNote, remindersSentence } from './reminders-note';

const t = i18n.getFixedT('fi');
const both: Reminders = {
  email: { on: true, offered: true, to: 'aino@example.fi', leadMinutes: 1440 },
  sms: { on: true, offered: true, to: '+358401234567', leadMinutes: 60 },
};

describe('which reminders will come', () => {
  it('names only the channels that will come: chosen, sent by the organisation, and with an address', () => {
    expect(remindersSentence(t, both)).toBe('Saat muistutuksen sähköpostilla vuorokautta ennen ja tekstiviestillä tuntia ennen.');
    expect(remindersSentence(t, { ...both, sms: { ...both.sms, on: false } })).toBe('Saat muistutuksen sähköpostilla vuorokautta ennen.');
    expect(remindersSentence(t, { ...both, email: { ...both.email, offered: false } })).toBe(
      'Saat muistutuksen tekstiviestillä tuntia ennen.',
    );
    expect(remindersSentence(t, { ...both, sms: { ...both.sms, to: '' }, email: { ...both.email, on: false } })).toBe(
      'Et saa muistutuksia varatuista ajoista.',
    );
    expect(remindersSentence(t, { ...both, email: { ...both.email, leadMinutes: 2 * 1440 }, sms: { ...both.sms, leadMinutes: 30 } })).toBe(
      'Saat muistutuksen sähköpostilla 2 vuorokautta ennen ja tekstiviestillä 30 minuuttia ennen.',
    );
  });

  it('shows the sentence from the patient’s reminders, with a way to change them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: { ...both, sms: { ...both.sms, offered: false } } })),
    );
    const host = await mount(
      <MemoryRouter>
        <RemindersNote settingsLink />
      </MemoryRouter>,
      { queryClient: true },
    );
    await vi.waitFor(() => expect(host.querySelector('.reminders-note')).not.toBeNull());
    expect(host.querySelector('.reminders-note')!.textContent).toBe(
      'Saat muistutuksen sähköpostilla vuorokautta ennen. Muuta muistutuksia',
    );
    expect(host.querySelector('a')!.getAttribute('href')).toBe('/profile/contact#reminders');
  });
});
