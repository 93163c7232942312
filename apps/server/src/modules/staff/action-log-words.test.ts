import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { actionWords } from './action-log-words';

const SOURCE = path.resolve(import.meta.dirname, '../..');

/** Where the server's code names an audit action: a recorded entry, a route's or socket's patient-data read, a module's audit helper. */
const NAMED = [
  /action: '([a-zA-Z.]+)'/g,
  /reading\('([a-zA-Z.]+)'\)/g,
  /patientData: \{ audit: '([a-zA-Z.]+)' \}/g,
  /new PatientReads\('([a-zA-Z.]+)'/g,
  /auditUserAction\(tx, scope, ctx, '([a-zA-Z.]+)'/g,
  /\baudit\(\s*tx,\s*[a-zA-Z]+,\s*'([a-zA-Z.]+)'/g,
  /ctx,\s*'(staff\.user\.[a-zA-Z]+)',?\s*\)/g,
];

/** Actions of patients, guests, API clients and the system (never in a staff member's log), and look-alikes that are no actions. */
const NOT_STAFF = new Set([
  'appointment.book',
  'appointment.reschedule',
  'conversation.request',
  'fhir.read',
  'guest.login',
  'guest.loginFailed',
  'patient.actOnBehalf.end',
  'patient.actOnBehalf.start',
  'patient.contact.save',
  'patient.location.change',
  'patient.login',
  'patient.logout',
  'patient.organisation.select',
  'patient.reminders.save',
  'patient.terms.accept',
  'push.subscribe',
  'push.unsubscribe',
  'retention.run',
  'survey.answer',
  'survey.close',
  // A patient's own read (no audit row), and helmet's frame option.
  'own',
  'deny',
]);

function namedActions(): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || /\.test\.ts$|\.steps\.ts$/.test(file)) continue;
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    for (const pattern of NAMED) for (const m of text.matchAll(pattern)) found.add(m[1]!);
  }
  return found;
}

test('every action a member of staff can leave in the audit log has words in the action log, in fi, sv and en', () => {
  const actions = namedActions();
  // The scan finds the actions at all (a changed way of writing them would otherwise pass this test empty).
  expect(actions).toContain('staff.login');
  expect(actions).toContain('chat.identityCode');
  const staff = [...actions].filter((a) => !NOT_STAFF.has(a));
  for (const lang of ['fi', 'se', 'en'] as const) {
    expect(staff.filter((a) => actionWords(a, lang) === a)).toEqual([]);
  }
});
