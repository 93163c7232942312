import type { OpenService } from '@prsp/contracts';

/** Simple shapes for the five service icons of spec §3; decoration only, the service name says what it is. */
const PATHS: Record<OpenService['serviceImage'], string> = {
  // A medical cross.
  doctor: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  // A heart.
  nurse:
    'M12 21s-7.5-4.6-9.4-9.1C1.3 8.7 3.3 5 6.8 5c2 0 3.5 1.1 4.2 2.5C11.7 6.1 13.2 5 15.2 5c3.5 0 5.5 3.7 4.2 6.9C19.5 16.4 12 21 12 21z',
  // A speech bubble.
  therapist: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
  // A small person.
  childDoctor: 'M12 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm-5 16v-3a5 5 0 0 1 10 0v3z',
  // A figure stretching.
  physiotherapist: 'M13 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM6 9l5-2 4 1 4-3 1 2-5 4-2-1-1 4 3 3v5h-2v-4l-3-2-2 6H6l3-9-1-1-1 2H5z',
};

export function ServiceIcon({ icon }: { icon: OpenService['serviceImage'] }) {
  return (
    <svg className="service-icon" aria-hidden="true" viewBox="0 0 24 24" width="40" height="40">
      <path fill="currentColor" d={PATHS[icon]} />
    </svg>
  );
}
