import { useState } from 'react';
import type { PatientAppointment } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { AppointmentDialog } from './appointment-dialog';
import { CancelAppointmentDialog } from './cancel-dialog';
import { MeetingKindLabel } from './meeting-kind';

/**
 * Upcoming appointments as buttons with their time and how they are held (chat, video, group); choosing one opens
 * the appointment modal, whose cancel hands over to the appointment cancel modal (one modal at a time, so focus goes
 * back to the item each time).
 */
export function AppointmentList({ appointments }: { appointments: PatientAppointment[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [openUuid, setOpenUuid] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<PatientAppointment | null>(null);
  // The list refreshes every 5 s: the modal shows the item's latest data, and closes if the item leaves the list.
  const open = appointments.find((a) => a.uuid === openUuid) ?? null;
  return (
    <>
      <ul className="item-list">
        {appointments.map((a) => (
          <li key={a.uuid}>
            <button type="button" className="item" aria-haspopup="dialog" onClick={() => setOpenUuid(a.uuid)}>
              <span className="item-title">{a.name}</span>
              <span className="item-meta">{formatDateTime(a.startTime, lang, { style: 'weekday' })}</span>
              <span className="item-meta">
                <MeetingKindLabel kind={a.kind} />
              </span>
              {a.visit && <span className="item-meta">{t(`appointment.visit.${a.visit}`)}</span>}
            </button>
          </li>
        ))}
      </ul>
      <AppointmentDialog
        subject={open ? { kind: 'scheduled', appointment: open } : null}
        onClose={() => setOpenUuid(null)}
        onCancel={(a) => {
          setOpenUuid(null);
          setCancelling(a);
        }}
      />
      <CancelAppointmentDialog appointment={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
