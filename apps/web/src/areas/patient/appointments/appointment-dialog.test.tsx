import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenService, PatientAppointment } from '@prsp/contracts';
import '../patient-texts';
import { AppointmentDialog } from './appointment-dialog';
import type { ModalSubject } from './appointment-rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 10, 0);

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.useRealTimers();
});

function render(subject: ModalSubject, onCancel = vi.fn()) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <MemoryRouter>
        <AppointmentDialog subject={subject} onClose={() => undefined} onCancel={onCancel} />
      </MemoryRouter>,
    ),
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
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
});

describe('appointment modal modes (spec §4)', () => {
  it('scheduledCancellable: start (disabled until 5 minutes before) and cancel, which opens the cancel modal', () => {
    const a = appt('oneOnOne', NOW + 2 * 24 * 60 * MIN);
    const { dialog, buttons, onCancel } = render({ kind: 'scheduled', appointment: a });
    expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('scheduledCancellable');
    expect(buttons()).toEqual(['Aloita', 'Peru aika', 'Sulje']);
    expect(dialog.querySelector<HTMLButtonElement>('.actions button.button:not(.secondary)')!.disabled).toBe(true);
    const cancel = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Peru aika')!;
    act(() => cancel.click());
    expect(onCancel).toHaveBeenCalledWith(a);
  });

  it('scheduled: within 24 hours there is no cancel, and the start opens 5 minutes before (rechecked every 5 s)', () => {
    const { dialog, buttons } = render({ kind: 'scheduled', appointment: appt('basic', NOW + 8 * MIN) });
    expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('scheduled');
    expect(buttons()).not.toContain('Peru aika');
    expect(dialog.querySelector('a.button')).toBeNull();
    act(() => vi.advanceTimersByTime(3 * MIN));
    const start = dialog.querySelector('a.button')!;
    expect(start.textContent).toBe('Aloita');
    expect(start.getAttribute('href')).toBe('/chat/a1');
  });

  it('scheduledGroup: start only, cancelling goes through the provider', () => {
    const { dialog, buttons } = render({ kind: 'scheduled', appointment: appt('group', NOW + 5 * 24 * 60 * MIN) });
    expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('scheduledGroup');
    expect(buttons()).not.toContain('Peru aika');
    expect(dialog.textContent).toContain('Ryhmävastaanoton voi perua ottamalla yhteyttä palveluntarjoajaan.');
  });

  it('names how it is held: chat, video or group, never a bare "Vastaanotto"; a held visit says so (issue 28)', () => {
    const kinds: [PatientAppointment['type'], string][] = [
      ['oneOnOne', 'Chat-vastaanotto'],
      ['basic', 'Videovastaanotto'],
      ['group', 'Ryhmävastaanotto chatissa'],
      ['group-video', 'Ryhmävastaanotto videolla'],
    ];
    for (const [type, text] of kinds) {
      const { dialog } = render({ kind: 'scheduled', appointment: appt(type, NOW + 2 * 24 * 60 * MIN) });
      const facts = [...dialog.querySelectorAll('.facts dd')].map((d) => d.textContent);
      expect(facts[2]).toBe(text);
      act(() => root?.unmount());
      host.remove();
      vi.useRealTimers();
    }
    const { dialog } = render({ kind: 'scheduled', appointment: { ...appt('basic', NOW - 10 * MIN), visit: 'held' } });
    expect(dialog.textContent).toContain('Vastaanotto on pidetty.');
  });

  it('open: an open service starts at once', () => {
    const service: OpenService = {
      uuid: 's1',
      serviceName: { fi: 'Hoitajan chat', se: 'Skötarens chatt', en: 'Nurse chat' },
      serviceDescription: { fi: 'Kysy hoitajalta.', se: '', en: '' },
      serviceImage: 'nurse',
      chatQueueId: 'q',
      mandatorySelfAssessment: false,
      optionalSelfAssessment: false,
    };
    const { dialog } = render({ kind: 'open', service });
    expect(dialog.querySelector('h2')!.textContent).toBe('Hoitajan chat');
    expect(dialog.querySelector('a.button')!.getAttribute('href')).toBe('/chat/s1');
  });
});
