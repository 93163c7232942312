import { useRef, useState } from 'react';
import { isValidSsn, normalizeSsn, ZKnownPatient, type KnownPatient } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';

export type PatientLookupState = 'idle' | 'looking' | 'found' | 'notFound' | 'failed';

/**
 * The identity-code lookup of a staff form (new appointment, new message): once a valid code is typed, the
 * organisation's patient's name and contacts are handed to `onFound` (the server audits the read). Each code is looked
 * up once; an answer for a code since changed is dropped.
 */
export function usePatientLookup(app: 'admin' | 'expert', onFound: (patient: NonNullable<KnownPatient>) => void) {
  const [state, setState] = useState<PatientLookupState>('idle');
  const asked = useRef('');
  const lookup = (typed: string) => {
    const ssn = normalizeSsn(typed);
    if (ssn === asked.current) return;
    asked.current = ssn;
    if (!isValidSsn(ssn)) return setState('idle');
    setState('looking');
    api(`/api/${app}/patients/lookup`, ZKnownPatient, { method: 'POST', body: { ssn } }).then(
      (patient) => {
        if (asked.current !== ssn) return;
        if (patient) onFound(patient);
        setState(patient ? 'found' : 'notFound');
      },
      () => {
        if (asked.current === ssn) setState('failed');
      },
    );
  };
  return { state, lookup };
}

/** What the lookup found, said politely to a screen reader too: filled in, or not found (then the staff fill in). */
export function PatientLookupNote({ state }: { state: PatientLookupState }) {
  const { t } = useTranslation();
  return (
    <p className="hint" role="status">
      {state === 'idle' ? '' : t(`staff.patientLookup.${state}`)}
    </p>
  );
}
