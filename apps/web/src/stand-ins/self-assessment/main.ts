import './self-assessment.css';
import type { ConnectorAuth, ConnectorMessage } from '@prsp/contracts';
import en from '@/locales/en/self-assessment.json';
import fi from '@/locales/fi/self-assessment.json';
import sv from '@/locales/sv/self-assessment.json';
import { isConnectorAuth } from './auth-check';
import { DURATIONS, RED_FLAGS, SYMPTOMS, triageResult, type TriageAnswers } from './triage';

/**
 * The built-in self-assessment (docs/self-assessment.md), outside production only. It speaks the connector's
 * protocol to the chat page around it: `init`, then waits for `Auth` (checked; the age and gender it got are shown),
 * then `completed` with the urgency and the answers, or `error` when Auth does not come right or when the patient's
 * tester asks for one. No React and no schema library: the page stays small and shares no code with the app.
 */

/** How long the page waits for Auth before it reports an error. */
const AUTH_WAIT_MS = 15_000;

const params = new URLSearchParams(location.search);
const lang = ({ fi: 'fi', se: 'sv', sv: 'sv', en: 'en' } as const)[params.get('lang') ?? 'fi'] ?? 'fi';
const t = { fi, sv, en }[lang].selfAssessment.standIn;
// The CSP lets only the app's own pages frame this one: the page around it is on our URL's origin (the sandbox
// gives this document an opaque origin, but its address keeps the real one).
const appOrigin = location.origin;
const root = document.getElementById('root')!;

document.documentElement.lang = lang;
document.title = t.documentTitle;

function post(message: ConnectorMessage): void {
  window.parent.postMessage(message, appOrigin);
}

type Child = Node | string;
function el(tag: string, attrs: Record<string, string | boolean> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) node.setAttribute(name, '');
    else if (value !== false) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** A group of radio buttons or check boxes under its question. */
function choices(name: string, legend: string, options: [string, string][], type: 'radio' | 'checkbox'): HTMLElement {
  return el(
    'fieldset',
    {},
    el('legend', {}, legend),
    ...options.map(([value, label]) =>
      el('label', { class: 'choice' }, el('input', { type, name, value, required: type === 'radio' }), ' ', label),
    ),
  );
}

function status(text: string, role: 'status' | 'alert' = 'status'): HTMLElement {
  return el('p', { role, class: role === 'alert' ? 'alert' : 'status' }, text);
}

function readAnswers(form: HTMLFormElement): TriageAnswers {
  const data = new FormData(form);
  return {
    symptom: data.get('symptom') as TriageAnswers['symptom'],
    duration: data.get('duration') as TriageAnswers['duration'],
    fever: data.get('fever') === 'yes',
    severity: Number(data.get('severity')),
    redFlags: data.getAll('redFlags') as TriageAnswers['redFlags'],
  };
}

function questionnaire(auth: ConnectorAuth): HTMLElement {
  const gender = t.gender[auth.token.gender];
  const form = el(
    'form',
    {},
    choices(
      'symptom',
      t.symptom.question,
      SYMPTOMS.map((s) => [s, t.symptom[s]]),
      'radio',
    ),
    choices(
      'duration',
      t.duration.question,
      DURATIONS.map((d) => [d, t.duration[d]]),
      'radio',
    ),
    choices(
      'fever',
      t.fever.question,
      [
        ['yes', t.fever.yes],
        ['no', t.fever.no],
      ],
      'radio',
    ),
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'severity' }, t.severity.question),
      el('p', { id: 'severity-hint', class: 'hint' }, t.severity.hint),
      el('input', {
        id: 'severity',
        name: 'severity',
        type: 'number',
        min: '0',
        max: '10',
        step: '1',
        required: true,
        'aria-describedby': 'severity-hint',
      }),
    ),
    choices(
      'redFlags',
      t.redFlags.question,
      RED_FLAGS.map((f) => [f, t.redFlags[f]]),
      'checkbox',
    ),
    el('button', { type: 'submit', class: 'primary' }, t.submit),
  ) as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    post({ type: 'completed', result: triageResult(readAnswers(form), t) });
    root.replaceChildren(el('h1', {}, t.title), status(t.done));
  });
  const simulate = el('button', { type: 'button', class: 'secondary' }, t.simulateError);
  simulate.addEventListener('click', () => post({ type: 'error', code: 'simulated', message: 'simulated by the tester' }));
  return el('div', {}, el('p', {}, t.person.replace('{{age}}', String(auth.token.age)).replace('{{gender}}', gender)), form, simulate);
}

function refuse(code: string): void {
  root.replaceChildren(el('h1', {}, t.title), status(t.authFailed, 'alert'));
  post({ type: 'error', code, message: 'no valid Auth from the app' });
}

root.replaceChildren(el('h1', {}, t.title), el('p', { class: 'notice' }, t.notice), status(t.waiting));

// Opened on its own, not in a frame, the page has nobody to talk to (and must not hear its own init as an answer).
const framed = window.parent !== window;
let answered = false;
const timer = setTimeout(() => !answered && refuse('authTimeout'), AUTH_WAIT_MS);
window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (answered || !framed || event.source !== window.parent || event.origin !== appOrigin) return;
  answered = true;
  clearTimeout(timer);
  if (!isConnectorAuth(event.data)) return refuse('authInvalid');
  root.replaceChildren(el('h1', {}, t.title), el('p', { class: 'notice' }, t.notice), questionnaire(event.data));
});
if (framed) post({ type: 'init' });
