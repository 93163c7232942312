import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenAppointment, PatientAppointment, Question } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { ConfirmStep } from './confirm-step';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 10, 0);
const slot: OpenAppointment = {
  uuid: 'slot-1',
  name: 'Hanna Hoitaja',
  startTime: NOW + 2 * 24 * 60 * MIN,
  duration: 30,
  preQuestionnaire: true,
  kind: 'chat',
};
const questions: Question[] = [
  { id: 'q1', content: { fi: 'Mitä oireita sinulla on?', se: 'Symtom?', en: 'Symptoms?' }, isMandatory: true },
  { id: 'q2', content: { fi: 'Muuta kerrottavaa?', se: 'Annat?', en: 'Anything else?' }, isMandatory: false },
];
const booked: PatientAppointment = {
  uuid: 'slot-1',
  name: 'Hanna Hoitaja',
  startTime: slot.startTime,
  duration: 30,
  type: 'oneOnOne',
  kind: 'chat',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
};

let host: HTMLElement;
afterEach(() => vi.useRealTimers());

async function render(over: Partial<OpenAppointment> = {}) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ status: 'ok', statusCode: 200, data: booked }));
  vi.stubGlobal('fetch', fetch);
  const props = { onBooked: vi.fn(), onFailed: vi.fn(), onBack: vi.fn() };
  host = await mount(
    <ConfirmStep slot={{ ...slot, ...over }} holdUntil={NOW + 15 * MIN} holdMinutes={15} questions={questions} {...props} />,
    { queryClient: true },
  );
  const timer = () => host.querySelector('[role="timer"]')!.textContent;
  const type = (id: string, value: string) => {
    const area = host.querySelector<HTMLTextAreaElement>(`#question-${id}`)!;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(area, value);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const confirm = async () => {
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Vahvista varaus')!;
    await act(async () => {
      button.click();
      await Promise.resolve();
    });
  };
  return { ...props, fetch, timer, type, confirm };
}

describe('booking confirmation step (spec §4 booking flow, §5 pre-booking questionnaire)', () => {
  it('says how the time is held, chat or video, beside its other facts (issue 29)', async () => {
    await render({ kind: 'video' });
    const facts = [...host.querySelectorAll('.facts dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(facts.at(-1)).toEqual(['Vastaanoton tapa', 'Videovastaanotto']);
  });

  it('counts the hold down as mm:ss every second', async () => {
    const { timer } = await render();
    expect(timer()).toBe('15:00');
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer()).toBe('14:59');
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer()).toBe('13:59');
  });

  it('marks the mandatory question and refuses to book until it is answered', async () => {
    const { fetch, confirm, type, onBooked } = await render();
    expect(host.querySelector('label[for="question-q1"]')!.textContent).toBe('Mitä oireita sinulla on? (pakollinen)');
    expect(host.querySelector('label[for="question-q2"]')!.textContent).toBe('Muuta kerrottavaa?');
    await confirm();
    expect(fetch).not.toHaveBeenCalled();
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('Sinun täytyy vastata kaikkiin pakollisiin kysymyksiin');
    expect(host.querySelector('#question-q1')!.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(host.querySelector('#question-q1'));

    type('q1', '  Kurkkukipu ');
    await confirm();
    await act(async () => {
      await vi.waitFor(() => expect(onBooked).toHaveBeenCalled());
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/services/book/slot-1');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toEqual({
      questionnaireAnswers: [
        { id: 'q1', question: 'Mitä oireita sinulla on?', answer: 'Kurkkukipu' },
        { id: 'q2', question: 'Muuta kerrottavaa?', answer: '' },
      ],
    });
    expect(onBooked.mock.calls[0]![0]).toEqual(booked);
  });

  it('ends in the failed step when the hold runs out', async () => {
    const { onFailed, timer } = await render();
    act(() => vi.advanceTimersByTime(15 * MIN - 1_000));
    expect(timer()).toBe('00:01');
    expect(onFailed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer()).toBe('00:00');
    expect(onFailed).toHaveBeenCalledWith({ reason: 'expired', holdMinutes: 15 });
  });
});
