import { useState } from 'react';
import type { PatientAppointment } from '@prsp/contracts';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { AppointmentDialog } from './appointment-dialog';

/** Upcoming appointments as buttons; choosing one opens the appointment modal. */
export function AppointmentList({ appointments }: { appointments: PatientAppointment[] }) {
  const lang = currentLanguage();
  const [open, setOpen] = useState<PatientAppointment | null>(null);
  return (
    <>
      <ul className="item-list">
        {appointments.map((a) => (
          <li key={a.uuid}>
            <button type="button" className="item" aria-haspopup="dialog" onClick={() => setOpen(a)}>
              <span className="item-title">{a.name}</span>
              <span className="item-meta">{formatDateTime(a.startTime, lang, { style: 'weekday' })}</span>
            </button>
          </li>
        ))}
      </ul>
      <AppointmentDialog appointment={open} onClose={() => setOpen(null)} />
    </>
  );
}
