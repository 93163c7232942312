import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meetingKindOf, type OpenService, type PatientAppointment } from '@prsp/contracts';
import { mount, unmountAll } from '@/test/mount';
import '../patient-texts';
import { AppointmentDialog } from './appointment-dialog';
import type { ModalSubject } from './appointment-rules';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 10, 0);

afterEach(() => vi.useRealTimers());

async function render(subject: ModalSubject, onCancel = vi.fn()) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  const host = await mount(
    <MemoryRouter>
      <AppointmentDialog subject={subject} onClose={() => undefined} onCancel={onCancel} />
    </MemoryRouter>,
    { queryClient: true },
  );
  const dialog = host.querySelector('dialog')!;
  const buttons = () => [...dialog.querySelectorAll('.actions button, .actions a')].map((b) => b.textContent?.trim());
  return { dialog, buttons, onCancel };
}

const appt = (type: PatientAppointment['type'], startTime: number): PatientAppointment => ({
  uuid: 'a1',
  name: 'Sairaanhoitajan vastaanotto',
  startTime,
  duration: 30,
  type,
  kind: meetingKindOf(type),
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
});

describe('appointment modal modes (spec §4)', () => {
  it('scheduledCancellable: start (disabled until 5 minutes before) and cancel, which opens the cancel modal', async () => {
    const a = appt('oneOnOne', NOW + 2 * 24 * 60 * MIN);
    const { dialog, buttons, onCancel } = await render({ kind: 'scheduled', appointment: a });
    expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('scheduledCancellable');
    expect(buttons()).toEqual(['Aloita', 'Peru aika', 'Sulje']);
    expect(dialog.querySelector<HTMLButtonElement>('.actions button.button:not(.secondary)')!.disabled).toBe(true);
    const cancel = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Peru aika')!;
    act(() => cancel.click());
    expect(onCancel).toHaveBeenCalledWith(a);
  });

  it('scheduled: within 24 hours there is no cancel, and the start opens 5 minutes before (rechecked every 5 s)', async () => {
    const { dialog, buttons } = await render({ kind: 'scheduled', appointment: appt('basic', NOW + 8 * MIN) });
    expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('scheduled');
    expect(buttons()).not.toContain('Peru aika');
    expect(dialog.querySelector('a.button')).toBeNull();
    act(() => vi.advanceTimersByTime(3 * MIN));
    const start = dialog.querySelector('a.button')!;
    expect(start.textContent).toBe('Aloita');
    expect(start.getAttribute('href')).toBe('/chat/a1');
  });

  it('scheduledGroup: start only, cancelling goes through the provider', async () => {
    const { dialog, buttons } = await render({ kind: 'scheduled', appointment: appt('group', NOW + 5 * 24 * 60 * MIN) });
    expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('scheduledGroup');
    expect(buttons()).not.toContain('Peru aika');
    expect(dialog.textContent).toContain('Ryhmävastaanoton voi perua ottamalla yhteyttä palveluntarjoajaan.');
  });

  it('names how it is held: chat, video or group, never a bare "Vastaanotto"; a held visit says so (issue 28)', async () => {
    const kinds: [PatientAppointment['type'], string][] = [
      ['oneOnOne', 'Chat-vastaanotto'],
      ['basic', 'Videovastaanotto'],
      ['group', 'Ryhmävastaanotto chatissa'],
      ['group-video', 'Ryhmävastaanotto videolla'],
    ];
    for (const [type, text] of kinds) {
      const { dialog } = await render({ kind: 'scheduled', appointment: appt(type, NOW + 2 * 24 * 60 * MIN) });
      const facts = [...dialog.querySelectorAll('.facts dd')].map((d) => d.textContent);
      expect(facts[2]).toBe(text);
      unmountAll();
      vi.useRealTimers();
    }
    const { dialog } = await render({ kind: 'scheduled', appointment: { ...appt('basic', NOW - 10 * MIN), visit: 'held' } });
    expect(dialog.textContent).toContain('Vastaanotto on pidetty.');
  });

  it('a video appointment links to the device check ahead of time; a chat one does not (issue 29, major 3)', async () => {
    const video = await render({ kind: 'scheduled', appointment: appt('basic', NOW + 2 * 24 * 60 * MIN) });
    const link = video.dialog.querySelector<HTMLAnchorElement>('a[href="/device-check"]')!;
    expect(link.textContent).toBe('Testaa kamera, mikrofoni ja yhteys ennen videovastaanottoa');
    expect(video.dialog.querySelector('.facts .meeting-kind svg')!.getAttribute('aria-hidden')).toBe('true');
    unmountAll();
    vi.useRealTimers();
    const chat = await render({ kind: 'scheduled', appointment: appt('oneOnOne', NOW + 2 * 24 * 60 * MIN) });
    expect(chat.dialog.querySelector('a[href="/device-check"]')).toBeNull();
  });

  it('open: an open service starts at once', async () => {
    const service: OpenService = {
      uuid: 's1',
      serviceName: { fi: 'Hoitajan chat', se: 'Skötarens chatt', en: 'Nurse chat' },
      serviceDescription: { fi: 'Kysy hoitajalta.', se: '', en: '' },
      serviceImage: 'nurse',
      chatQueueId: 'q',
      mandatorySelfAssessment: false,
      optionalSelfAssessment: false,
    };
    const { dialog } = await render({ kind: 'open', service });
    expect(dialog.querySelector('h2')!.textContent).toBe('Hoitajan chat');
    expect(dialog.querySelector('a.button')!.getAttribute('href')).toBe('/chat/s1');
  });
});

describe('appointment modal: reminders (issue 29)', () => {
  it('a future appointment says which reminders will come', async () => {
    const reminders = {
      email: { on: true, offered: true, to: 'aino@example.fi', leadMinutes: 1440 },
      sms: { on: true, offered: true, to: '+358401234567', leadMinutes: 60 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: reminders })),
    );
    const { dialog } = await render({ kind: 'scheduled', appointment: appt('oneOnOne', NOW + 3 * 24 * 60 * MIN) });
    await vi.waitFor(() =>
      expect(dialog.querySelector('.reminders-note')?.textContent).toBe(
        'Saat muistutuksen sähköpostilla vuorokautta ennen ja tekstiviestillä tuntia ennen.',
      ),
    );
  });
});
