import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatChannel, OpenService, Urgency } from '@prsp/contracts';
import { addAreaTexts } from '@/lib/i18n';
import pen from '@/locales/en/presence.json';
import pfi from '@/locales/fi/presence.json';
import psv from '@/locales/sv/presence.json';
import { mount } from '@/test/mount';
import { ChatStart } from './chat-start';

// The connector's page is not what is tested here: a button finishes it with the result a test chooses.
const connector = vi.hoisted(() => ({ result: {} as Record<string, unknown> }));
vi.mock('@/features/self-assessment/connector-frame', () => ({
  ConnectorFrame: ({ onCompleted }: { onCompleted: (metadata: Record<string, unknown>) => void }) => (
    <button type="button" onClick={() => onCompleted({ selfAssessment: connector.result })}>
      finish the self-assessment
    </button>
  ),
}));

const service: OpenService = {
  uuid: 's1',
  serviceName: { fi: 'Hoitaja', se: 'Skötare', en: 'Nurse' },
  serviceDescription: { fi: '', se: '', en: '' },
  serviceImage: 'nurse',
  chatQueueId: 'q1',
  mandatorySelfAssessment: true,
  optionalSelfAssessment: false,
};

const channel: ChatChannel = {
  id: 'c1',
  kind: 'queue',
  status: 'waiting',
  queueId: 'q1',
  serviceName: service.serviceName,
  appointmentId: null,
  position: 1,
  estimatedWaitSeconds: null,
  appointmentStartsAt: null,
  createdAt: 0,
  acceptedAt: null,
  endedAt: null,
  members: [],
  me: { userId: 'p1', role: 'patient' },
  expertId: null,
  lastSeq: 0,
  video: false,
};

afterEach(() => vi.unstubAllGlobals());

/** The chat's start on a service with a mandatory self-assessment; the server reads `urgency` in the result it seals. */
async function renderStart(urgency: Urgency | null) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data =
        path === '/api/organisations'
          ? { organisations: [{ id: 'o1', name: 'Espoo' }], selectedOrganisation: 'o1' }
          : path === '/api/chat/describe_realm_queues'
            ? { realm_queues: { q1: { queue_attrs: { name: 'Hoitaja', closed: false, length: 1 } } } }
            : path === '/api/services/metadata/s1'
              ? { secureMetadata: 'sealed', urgency }
              : path === '/api/chat/channels'
                ? channel
                : null;
      return Response.json({ status: 'ok', statusCode: 200, data });
    }),
  );
  const onStarted = vi.fn();
  const host = await mount(
    <MemoryRouter>
      <ChatStart
        target={{ kind: 'service', service }}
        connectorUrl="/stand-ins/self-assessment/"
        closedText="closed"
        canLogOut={false}
        onStarted={onStarted}
      />
    </MemoryRouter>,
    { queryClient: true },
  );
  const finish = await vi.waitFor(() => {
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'finish the self-assessment');
    if (!button) throw new Error('no self-assessment yet');
    return button;
  });
  await act(async () => finish.click());
  return { host, calls, onStarted };
}

const opened = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/chat/channels');

it('an emergency: the instruction to call 112 comes at once, before the chat opens; "continue anyway" opens it', async () => {
  connector.result = { urgency: 'emergency', answers: [{ question: 'Onko sinulla jokin seuraavista?', answer: 'Puristava rintakipu' }] };
  const { host, calls, onStarted } = await renderStart('emergency');

  const heading = await vi.waitFor(() => {
    const h = host.querySelector('h2');
    if (h?.textContent !== 'Hakeudu heti hoitoon') throw new Error('no emergency notice yet');
    return h;
  });
  expect(document.activeElement).toBe(heading);
  const notice = heading.closest('section')!;
  expect(notice.getAttribute('aria-labelledby')).toBe(heading.id);
  const call = notice.querySelector('a')!;
  expect(call.getAttribute('href')).toBe('tel:112');
  expect(call.className).toBe('button emergency-call');
  expect(call.textContent).toContain('112');
  expect(notice.textContent).toContain('päivystykseen');
  // No queue yet: the chat is not opened while the patient reads this.
  expect(opened(calls)).toEqual([]);
  expect(host.textContent).not.toContain('Paikkasi jonossa');

  const go = [...notice.querySelectorAll('button')].find((b) => b.textContent === 'Jatka chattiin silti')!;
  await act(async () => go.click());
  await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith(channel));
  expect(opened(calls).map((c) => c.body)).toEqual([{ serviceId: 's1', secureMetadata: 'sealed' }]);
});

it('no emergency: the chat opens with the sealed result and no notice', async () => {
  connector.result = { urgency: 'urgent', answers: [] };
  const { host, calls, onStarted } = await renderStart('urgent');
  await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith(channel));
  expect(opened(calls).map((c) => c.body)).toEqual([{ serviceId: 's1', secureMetadata: 'sealed' }]);
  expect(host.textContent).not.toContain('Hakeudu heti hoitoon');
});

it('the browser does not decide alone: a result the server does not read as an emergency shows no notice', async () => {
  connector.result = { urgency: 'emergency', answers: [] };
  const { host, onStarted } = await renderStart(null);
  await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith(channel));
  expect(host.textContent).not.toContain('Hakeudu heti hoitoon');
});

it('a closed queue: the modal says when it next opens', async () => {
  addAreaTexts({ fi: pfi, se: psv, en: pen });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const data =
        path === '/api/organisations'
          ? { organisations: [{ id: 'o1', name: 'Espoo' }], selectedOrganisation: 'o1' }
          : path === '/api/chat/describe_realm_queues'
            ? { realm_queues: { q1: { queue_attrs: { name: 'Hoitaja', closed: true, length: 0 } } } }
            : null;
      return Response.json({ status: 'ok', statusCode: 200, data });
    }),
  );
  const host = await mount(
    <MemoryRouter>
      <ChatStart
        target={{ kind: 'service', service: { ...service, mandatorySelfAssessment: false } }}
        connectorUrl={null}
        closedText="Chat on suljettu."
        // Tuesday 1 December 2026, 08:00 in Helsinki.
        nextOpening="2026-12-01T06:00:00.000Z"
        canLogOut={false}
        onStarted={vi.fn()}
      />
    </MemoryRouter>,
    { queryClient: true },
  );
  await vi.waitFor(() => expect(host.textContent).toContain('Chat on suljettu.'));
  expect(host.textContent).toMatch(/Seuraavan kerran auki: ti.*8\.00/);
});
