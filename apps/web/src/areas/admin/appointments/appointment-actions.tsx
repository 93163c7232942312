import { useState } from 'react';
import type { AppointmentRow } from '@prsp/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { AppointmentModal, type AppointmentTarget } from './appointment-modal';
import { rowActions, statusLabel, type RowAction } from './booking-filters';
import { formatTimeRange } from '@/lib/format';
import { useCancelAppointment, useDeleteAppointment, useDeleteTimeslot, useMarkNoShow } from './bookings-api';
import { TimeslotModal } from './timeslot-modal';

const slotOf = (row: AppointmentRow) => ({
  id: row.id,
  expertId: row.expert.id,
  expertName: row.expert.name,
  startTime: row.startTime,
  endTime: row.endTime,
  video: row.video,
});

/**
 * The actions on one appointment or open timeslot, for the list and the detail page alike: booking and editing open
 * their modals; cancelling and deleting ask first. `onDeleted` runs after a deletion (the detail page leaves).
 */
export function useAppointmentActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [modal, setModal] = useState<AppointmentTarget | undefined>();
  const [slotEditing, setSlotEditing] = useState<AppointmentRow | undefined>();
  const [cancelling, setCancelling] = useState<AppointmentRow | undefined>();
  const [reason, setReason] = useState('');
  const [markingNoShow, setMarkingNoShow] = useState<AppointmentRow | undefined>();
  const [deletingSlot, setDeletingSlot] = useState<AppointmentRow | undefined>();
  const [deleting, setDeleting] = useState<AppointmentRow | undefined>();
  const cancel = useCancelAppointment();
  const noShow = useMarkNoShow();
  const removeSlot = useDeleteTimeslot();
  const remove = useDeleteAppointment();

  const run = (row: AppointmentRow, action: RowAction) => {
    if (action === 'book') setModal({ mode: 'book', slot: slotOf(row) });
    if (action === 'edit') setModal({ mode: 'edit', id: row.id });
    if (action === 'editSlot') setSlotEditing(row);
    if (action === 'cancel') {
      setReason('');
      setCancelling(row);
    }
    if (action === 'noShow') setMarkingNoShow(row);
    if (action === 'deleteSlot') setDeletingSlot(row);
    if (action === 'delete') setDeleting(row);
  };
  const openNew = () => setModal({ mode: 'new' });
  const when = (row: AppointmentRow | undefined) => (row ? formatTimeRange(row.startTime, row.endTime, lang) : '');

  const element = (
    <>
      {modal && <AppointmentModal target={modal} onClose={() => setModal(undefined)} />}
      {slotEditing && <TimeslotModal row={slotEditing} onClose={() => setSlotEditing(undefined)} />}
      <ConfirmDialog
        open={cancelling !== undefined}
        title={t('admin.bookings.cancel.title')}
        text={
          <>
            <p>{t('admin.bookings.cancel.text', { time: when(cancelling), expert: cancelling?.expert.name ?? '' })}</p>
            <p>{t('admin.bookings.cancel.notified')}</p>
            <TextAreaField
              label={t('admin.bookings.cancel.reason')}
              hint={t('admin.bookings.cancel.reasonHint')}
              value={reason}
              onChange={setReason}
              rows={3}
            />
          </>
        }
        confirmLabel={t('admin.bookings.cancel.confirm')}
        cancelLabel={t('admin.bookings.cancel.keep')}
        danger
        busy={cancel.isPending}
        onCancel={() => setCancelling(undefined)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(
            { id: cancelling.id, reason: reason.trim() },
            {
              onSuccess: () => showToast(t('admin.bookings.toast.cancelled')),
              onError: () => showToast(t('staff.actionError'), 'error'),
              onSettled: () => setCancelling(undefined),
            },
          )
        }
      />
      <ConfirmDialog
        open={markingNoShow !== undefined}
        title={t('admin.bookings.noShow.title')}
        text={<p>{t('admin.bookings.noShow.text', { time: when(markingNoShow), expert: markingNoShow?.expert.name ?? '' })}</p>}
        confirmLabel={t('admin.bookings.noShow.confirm')}
        cancelLabel={t('admin.bookings.noShow.keep')}
        busy={noShow.isPending}
        onCancel={() => setMarkingNoShow(undefined)}
        onConfirm={() =>
          markingNoShow &&
          noShow.mutate(markingNoShow.id, {
            onSuccess: () => showToast(t('admin.bookings.toast.noShow')),
            onError: () => showToast(t('staff.actionError'), 'error'),
            onSettled: () => setMarkingNoShow(undefined),
          })
        }
      />
      <ConfirmDeleteDialog
        target={deletingSlot?.id}
        title={t('admin.bookings.deleteSlot.title')}
        text={t('admin.bookings.deleteSlot.text', { time: when(deletingSlot), expert: deletingSlot?.expert.name ?? '' })}
        deletedText={t('admin.bookings.toast.slotDeleted')}
        remove={{
          isPending: removeSlot.isPending,
          mutate: (id, options) =>
            removeSlot.mutate(id, {
              onSuccess: () => {
                options.onSuccess();
                onDeleted?.();
              },
              onError: () => showToast(t('staff.actionError'), 'error'),
              onSettled: options.onSettled,
            }),
        }}
        onDone={() => setDeletingSlot(undefined)}
      />
      <ConfirmDeleteDialog
        target={deleting?.id}
        title={t('admin.bookings.delete.title')}
        text={t('admin.bookings.delete.text', { time: when(deleting), expert: deleting?.expert.name ?? '' })}
        deletedText={t('admin.bookings.toast.deleted')}
        remove={{
          isPending: remove.isPending,
          mutate: (id, options) =>
            remove.mutate(id, {
              onSuccess: () => {
                options.onSuccess();
                onDeleted?.();
              },
              onError: () => showToast(t('staff.actionError'), 'error'),
              onSettled: options.onSettled,
            }),
        }}
        onDone={() => setDeleting(undefined)}
      />
    </>
  );
  return { run, openNew, element };
}

/**
 * The buttons of one row, named with the row's time so each is told apart by a screen reader. Once a reserved
 * appointment's visit is settled, editing and cancelling are gone and a line says why.
 */
export function RowActionButtons({ row, canEdit, onAction }: { row: AppointmentRow; canEdit: boolean; onAction: (a: RowAction) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const now = useNow();
  const visit = { started: row.startTime <= now, ended: row.endTime <= now, state: row.visit };
  const actions = rowActions(row.status, canEdit, visit);
  const explained = canEdit && statusLabel(row.status) === 'reserved' && (visit.ended || visit.state !== null);
  if (actions.length === 0 && !explained) return null;
  const time = formatTimeRange(row.startTime, row.endTime, lang);
  return (
    <div className="actions">
      {explained && <p className="hint">{t('admin.bookings.settled')}</p>}
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`button small${action === 'book' ? '' : ' secondary'}`}
          aria-label={t(`admin.bookings.actionNamed.${action}`, { time })}
          onClick={() => onAction(action)}
        >
          {t(`admin.bookings.action.${action}`)}
        </button>
      ))}
    </div>
  );
}
