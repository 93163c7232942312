import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { ChatChannel, DeskPatient, ExpertChat } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { ChatWorkspace } from './chat-workspace';

/** Every video call the desk mounts and unmounts, by chat: a call that unmounts has been left. */
const video = vi.hoisted(() => ({ mounted: [] as string[], unmounted: [] as string[] }));
/** The chats whose channel has ended (all others are live). */
const endedChannels = vi.hoisted(() => new Set<string>());

vi.mock('@/features/video/video-panel', async () => {
  const { useEffect } = await import('react');
  return {
    VideoPanel: ({ channelId }: { channelId: string }) => {
      useEffect(() => {
        video.mounted.push(channelId);
        return () => void video.unmounted.push(channelId);
      }, [channelId]);
      return <p>video {channelId}</p>;
    },
    VideoBeside: ({ video: call, children }: { video: React.ReactNode; children: React.ReactNode }) => (
      <div>
        {call}
        {children}
      </div>
    ),
  };
});
// The thread and its socket are not what is tested here: each chat is live, the second one a video appointment.
vi.mock('@/features/chat/chat-panel', () => ({ ChatPanel: () => <p>thread</p> }));
vi.mock('@/lib/socket', () => ({ useSocket: () => null, useSocketConnected: () => false }));
vi.mock('@/features/chat/use-chat-channel', () => ({
  useChatChannel: (id: string) => ({
    channel: { ...channelOf(id), status: endedChannels.has(id) ? 'ended' : 'active' },
    messages: [],
  }),
}));

function channelOf(id: string): ChatChannel {
  return {
    id,
    kind: 'queue',
    status: 'active',
    queueId: 'q1',
    serviceName: null,
    appointmentId: null,
    position: null,
    estimatedWaitSeconds: null,
    appointmentStartsAt: null,
    createdAt: 0,
    acceptedAt: 0,
    endedAt: null,
    members: [],
    me: { userId: 'e1', role: 'agent' },
    expertId: 'e1',
    lastSeq: 0,
    video: id === 'c2',
  };
}
const desk = (id: string, patientName: string, patient: DeskPatient | null = null, more: Partial<ExpertChat> = {}): ExpertChat => ({
  channel: channelOf(id),
  patientName,
  patientId: null,
  patient,
  writesIn: 'fi',
  title: null,
  handover: null,
  preQuestionnaire: null,
  metadata: null,
  urgency: null,
  ...more,
});

let host: HTMLElement;
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The desk at /expert/desktop with chat c1 chosen; each call is answered with the data `answer` gives for its path. */
async function renderDesk(answer: (path: string) => unknown) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json({ status: 'ok', statusCode: 200, data: answer(path) ?? null });
    }),
  );
  host = await mount(
    <MemoryRouter initialEntries={['/expert/desktop']}>
      <Routes>
        <Route path="/expert/desktop" element={<ChatWorkspace selected="c1" onSelect={() => undefined} />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { queryClient: true },
  );
  return calls;
}

it('ending one chat asks the expert’s feedback inside the desk: no navigation, and the video call in the other chat goes on', async () => {
  let live = [desk('c1', 'Anna Potilas'), desk('c2', 'Ville Video')];
  const calls = await renderDesk((path) => {
    if (path.endsWith('/c1/end')) live = live.filter((c) => c.channel.id !== 'c1');
    return path === '/api/expert/chat/channels' ? live : null;
  });
  await vi.waitFor(() => expect(video.mounted).toEqual(['c2']));
  const first = () => host.querySelector<HTMLElement>('#chat-c1-title')!.closest('article')!;
  const button = (scope: ParentNode, name: string) =>
    [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name && !b.closest('dialog:not([open])'))!;

  await act(async () => button(first(), 'Lopeta chat').click());
  const confirm = host.querySelector<HTMLDialogElement>('dialog[open]')!;
  await act(async () => button(confirm, 'Lopeta chat').click());

  // The desk stays: the feedback is this chat's panel, focused; the other chat and its call are untouched.
  expect(host.querySelector('[data-testid="where"]')!.textContent).toBe('/expert/desktop');
  const heading = first().querySelector('#chat-c1-feedback')!;
  expect(heading.textContent).toBe('Palaute keskustelusta');
  expect(document.activeElement).toBe(heading);
  expect(first().querySelector('input[name="score"]')).not.toBeNull();
  expect(host.querySelector('#chat-c2-title')).not.toBeNull();
  expect(video.unmounted).toEqual([]);

  const six = [...first().querySelectorAll<HTMLInputElement>('input[name="score"]')].find((r) => r.value === '6')!;
  await act(async () => six.click());
  await act(async () => button(first(), 'Lähetä').click());
  await vi.waitFor(() => expect(host.querySelector('#chat-c1-title')).toBeNull());
  expect(calls.find((c) => c.path === '/api/expert/feedback')?.body).toEqual({ channelId: 'c1', score: 6 });
  expect(host.querySelector('[data-testid="where"]')!.textContent).toBe('/expert/desktop');
  expect(video.unmounted).toEqual([]);
  expect(host.textContent).toContain('video c2');
});

it('the chat header says who the patient is: masked code (the full one on request), age, language and who acts for them', async () => {
  const patient: DeskPatient = { maskedIdentityCode: '010190-****', age: 36, language: 'se', delegateName: 'Maija Valtuutettu' };
  const calls = await renderDesk((path) => {
    if (path === '/api/expert/chat/channels') return [desk('c1', 'Sven Svensson', patient)];
    if (path === '/api/expert/chat/channels/c1/identity-code') return { identityCode: '010190-124N' };
  });
  await vi.waitFor(() => expect(host.querySelector('.patient-identity')).not.toBeNull());
  const head = host.querySelector<HTMLElement>('#chat-c1-title')!.closest('article')!.querySelector('.patient-identity')!;
  const facts = () =>
    [...head.querySelectorAll('dl > div')].map((d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`);
  expect(facts()).toEqual(['Henkilötunnus: 010190-****Näytä', 'Ikä: 36 v', 'Asiointikieli: ruotsi', 'Asioi puolesta: Maija Valtuutettu']);
  // The expert works in Finnish, the patient in Swedish: the reply language is said plainly.
  expect(head.querySelector('.language-notice')!.textContent).toBe('Potilas asioi ruotsiksi. Vastaa ruotsiksi.');

  const show = head.querySelector<HTMLButtonElement>('.identity-code button')!;
  expect(show.getAttribute('aria-label')).toBe('Näytä henkilön Sven Svensson koko henkilötunnus');
  expect(calls.some((c) => c.path.endsWith('/identity-code'))).toBe(false);
  await act(async () => show.click());
  await vi.waitFor(() => expect(head.querySelector('.identity-code code')!.textContent).toBe('010190-124N'));
  expect(calls.filter((c) => c.path === '/api/expert/chat/channels/c1/identity-code')).toHaveLength(1);
  expect(show.getAttribute('aria-pressed')).toBe('true');
  await act(async () => show.click());
  expect(head.querySelector('.identity-code code')!.textContent).toBe('010190-****');
});

it('an emergency taken from the queue is said in the chat header, in words, above who the patient is', async () => {
  const emergency = desk('c1', 'Eino Hätä', null, {
    urgency: 'emergency',
    metadata: {
      selfAssessment: { urgency: 'emergency', answers: [{ question: 'Onko sinulla jokin seuraavista?', answer: 'Puristava rintakipu' }] },
    },
  });
  await renderDesk((path) => (path === '/api/expert/chat/channels' ? [emergency, desk('c2', 'Olli Tavallinen')] : null));
  await vi.waitFor(() => expect(host.querySelector('#chat-c1-title')).not.toBeNull());
  const article = (id: string) => host.querySelector(`#chat-${id}-title`)!.closest('article')!;
  const banner = article('c1').querySelector('.chat-urgency')!;
  expect(banner.className).toBe('chat-urgency emergency');
  expect(banner.querySelector('.urgency-badge')!.textContent).toBe('Hätätilanne – 112');
  expect(banner.textContent).toContain('Hätätilanne: ohjaa heti päivystykseen tai hätänumeroon 112');
  // It comes right after the header, before the thread and the details beside it.
  expect(article('c1').querySelector('.expert-chat-head')!.nextElementSibling).toBe(banner);
  expect(article('c2').querySelector('.chat-urgency')).toBeNull();
});

it('a chat handed to the expert waits on the desk with who handed it over and their note, to be accepted; a group goes by its appointment’s name', async () => {
  const offered = desk('c1', 'Anna Potilas', null, {
    handover: { from: 'Eeva Asiantuntija', note: 'Polvikipu, kuvat liitteenä.', offered: true },
  });
  const group = desk('c2', 'ignored', null, { title: 'Diabetesryhmä', channel: { ...channelOf('c2'), kind: 'group', video: false } });
  const calls = await renderDesk((path) => {
    if (path === '/api/expert/chat/channels') return [offered, group];
    if (path === '/api/expert/chat/channels/c1/accept') return { ...offered, handover: { ...offered.handover!, offered: false } };
  });
  await vi.waitFor(() => expect(host.querySelector('#chat-c1-title')).not.toBeNull());
  const tabs = [...host.querySelectorAll('.chat-tab')].map((b) => b.textContent);
  expect(tabs).toEqual(['Anna Potilas', 'Diabetesryhmä']);
  const article = host.querySelector('#chat-c1-title')!.closest('article')!;
  const buttons = () => [...article.querySelectorAll('.expert-chat-head button')].map((b) => b.textContent);
  expect(article.querySelector('.handover-notice')!.textContent).toBe(
    'Eeva Asiantuntija siirsi tämän chatin sinulle. Ota se vastaan, niin potilas näkee sinun jatkavan.Viesti: Polvikipu, kuvat liitteenä.',
  );
  // Not the expert's yet: nothing to hand on or end, only to accept.
  expect(buttons()).toEqual(['Ota vastaan']);
  await act(async () => article.querySelector<HTMLButtonElement>('.expert-chat-head button')!.click());
  expect(calls.filter((c) => c.path === '/api/expert/chat/channels/c1/accept')).toHaveLength(1);
});

it('a chat handed to the expert that ends before she accepts it asks her no feedback: she closes it', async () => {
  endedChannels.add('c1');
  try {
    let listed = [desk('c1', 'Anna Potilas', null, { handover: { from: 'Eeva Asiantuntija', note: null, offered: true } })];
    await renderDesk((path) => (path === '/api/expert/chat/channels' ? listed : null));
    await vi.waitFor(() => expect(host.querySelector('#chat-c1-title')).not.toBeNull());
    const notice = host.querySelector('#chat-c1-title')!.closest('article')!.querySelector('.ended-notice')!;
    expect(notice.querySelector('[role="status"]')!.textContent).toBe(
      'Chat päättyi ennen kuin otit sen vastaan, joten siitä ei kysytä palautetta.',
    );
    expect(notice.querySelector('input[name="score"]')).toBeNull();
    listed = [];
    await act(async () => notice.querySelector<HTMLButtonElement>('button')!.click());
    await vi.waitFor(() => expect(host.querySelector('#chat-c1-title')).toBeNull());
  } finally {
    endedChannels.clear();
  }
});
