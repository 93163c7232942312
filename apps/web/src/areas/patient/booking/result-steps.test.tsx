import { MemoryRouter } from 'react-router';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PatientAppointment, PatientConfig } from '@prsp/contracts';
import { changeLanguage } from '@/lib/i18n';
import { mount } from '@/test/mount';
import { loadPatientTexts } from '../patient-texts';
import { FailedStep, SuccessStep } from './result-steps';

const booked: PatientAppointment = {
  uuid: 'appt-1',
  name: 'Hanna Hoitaja',
  startTime: Date.UTC(2026, 11, 1, 8),
  duration: 30,
  type: 'oneOnOne',
  kind: 'chat',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
};
const config = {
  bookingConfirmedText: { fi: '', se: '', en: '' },
  bookingConfirmedLink: null,
  yourBookingsEnabled: true,
} as unknown as PatientConfig;
const contact = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  street: '',
  code: '',
  city: '',
  mobile: '',
  email: 'aino@example.fi',
  country: 'fi',
  nationality: 'FI',
  termsAccepted: true,
};

async function success(appointment: PatientAppointment) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: contact })),
  );
  return mount(
    <MemoryRouter>
      <SuccessStep appointment={appointment} expertName="Hanna Hoitaja" config={config} />
    </MemoryRouter>,
    { queryClient: true },
  );
}

const video: PatientAppointment = { ...booked, type: 'basic', kind: 'video' };
const survey = (trigger: 'before' | 'after' | 'expert', respondedAt: string | null = null) => ({
  response_id: `r-${trigger}`,
  responded_at: respondedAt,
  name: { fi: 'Oirekysely', se: 'Symtomenkät', en: 'Symptom questionnaire' },
  trigger,
});

afterEach(() => changeLanguage('fi', { remember: false }));

describe('booking result steps (spec §4 booking flow)', () => {
  it('says plainly that the hold ran out, how long the time was held and that it was released', async () => {
    const host = await mount(<FailedStep failure={{ reason: 'expired', holdMinutes: 15 }} onNewSearch={vi.fn()} />);
    expect(host.querySelector('h2')!.textContent).toBe('Vahvistusaika päättyi');
    expect(host.querySelector('.alert')!.textContent).toBe(
      'Aika oli varattuna sinulle 15 minuutin ajan, ja se on nyt vapautettu muille. Hae aika uudelleen.',
    );
  });

  it('keeps the plain failure for a refused booking', async () => {
    const host = await mount(<FailedStep failure={{ reason: 'refused' }} onNewSearch={vi.fn()} />);
    expect(host.querySelector('h2')!.textContent).toBe('Varaus epäonnistui');
    expect(host.querySelector('.alert')!.textContent).toBe('Aikaa ei voitu varata, joten hae uudelleen.');
  });

  it('success: how a chat will happen, where the confirmation went, and the appointment as a calendar file', async () => {
    const host = await success(booked);
    await vi.waitFor(() => expect(host.textContent).toContain('Vahvistus lähetettiin osoitteeseen aino@example.fi.'));
    expect(host.querySelector('.facts .meeting-kind')!.textContent).toBe('Chat-vastaanotto');
    expect(host.textContent).toContain(
      'Vastaanotto on chat-vastaanotto: ammattilainen avaa chatin sovittuna aikana. Aloita vastaanotto palvelun etusivulta aikaisintaan 5 minuuttia ennen alkua ja odota, että ammattilainen liittyy.',
    );
    // A chat needs no camera: no device check is offered.
    expect(host.querySelector('a[href="/device-check"]')).toBeNull();
    expect(host.querySelector('.before-surveys')).toBeNull();
    const calendar = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Lisää kalenteriin (.ics)')!;
    expect(calendar.getAttribute('href')).toBe('/api/services/calendar/appt-1');
    expect(calendar.hasAttribute('download')).toBe(true);
  });

  it('success of a video time: says video, how to join it, and links the device check (issue 29, major 3)', async () => {
    const host = await success(video);
    expect(host.querySelector('.facts .meeting-kind')!.textContent).toBe('Videovastaanotto');
    expect(host.textContent).toContain(
      'Vastaanotto on videovastaanotto: liity videopuheluun tästä palvelusta sovittuna aikana, palvelun etusivulta aikaisintaan 5 minuuttia ennen alkua. Testaa laitteesi etukäteen.',
    );
    const check = host.querySelector<HTMLAnchorElement>('a[href="/device-check"]')!;
    expect(check.textContent).toBe('Testaa kamera, mikrofoni ja yhteys ennen videovastaanottoa');
  });

  it('success with a symptom questionnaire: asks to answer it before the visit, with a direct link (issue 29, major 4)', async () => {
    const host = await success({ ...booked, surveys: [survey('before'), survey('after')] });
    const box = host.querySelector('.before-surveys')!;
    expect(box.querySelector('h3')!.textContent).toBe('Vastaa oirekyselyyn ennen käyntiäsi');
    // Only the questionnaire sent at booking: the one after the visit is not for now.
    expect([...box.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Vastaa kyselyyn: Oirekysely', '/survey/r-before'],
    ]);
  });

  it('success: an answered questionnaire is not asked for again; the Swedish page names the questionnaire', async () => {
    const answered = await success({ ...booked, surveys: [survey('before', '2026-11-29T10:00:00.000Z')] });
    expect(answered.querySelector('.before-surveys')).toBeNull();
    await loadPatientTexts('se');
    await act(() => changeLanguage('se', { remember: false }));
    const sv = await success({ ...video, surveys: [survey('before')] });
    expect(sv.querySelector('.before-surveys h3')!.textContent).toBe('Svara på symtomenkäten före ditt besök');
    expect(sv.querySelector('.before-surveys a')!.textContent).toBe('Svara på enkäten: Symtomenkät');
    expect(sv.querySelector('.facts .meeting-kind')!.textContent).toBe('Videomottagning');
  });
});
