import { useState, type FormEvent } from 'react';
import {
  BULK_LIMITS,
  type BookableExpert,
  type BulkAction,
  type BulkActionKind,
  type BulkItem,
  type BulkPreview,
  type BulkResult,
  type BulkSelection,
} from '@prsp/contracts';
import { FormAlert, SelectField, TextAreaField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ApiError } from '@/lib/api-client';
import { formatTimeRange } from '@/lib/format';
import { saveFailureKey, serverFieldErrors } from '@/lib/form-errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { RadioChoice } from './booking-fields';
import { useApplyBulk, usePreviewBulk } from './bulk-api';

/** An error key for the typed fields, which turn it into text; an empty one is no error. */
const fieldKey = (key: string | undefined) => key || undefined;

type Draft = { message: string; toExpertId: string; unmovable: 'leave' | 'cancel' };

/** The action the dialog's form makes, or the field errors that keep it from being made. */
export function actionOf(kind: BulkActionKind, d: Draft): { action?: BulkAction; errors: Record<string, string> } {
  const message = d.message.trim();
  if (message.length > BULK_LIMITS.maxMessage) return { errors: { message: 'tooLong' } };
  if (kind === 'deleteOpenTimes') return { action: { kind }, errors: {} };
  if (kind === 'cancel') return message ? { action: { kind, message }, errors: {} } : { errors: { message: 'required' } };
  if (!d.toExpertId) return { errors: { toExpertId: 'required' } };
  return { action: { kind, toExpertId: d.toExpertId, unmovable: d.unmovable, ...(message ? { message } : {}) }, errors: {} };
}

/**
 * A bulk action in two steps (issue 33 point 2): the action's own fields (the message; for a move the expert and what
 * to do with what cannot be moved), then the preview of what will happen to each row, which the admin confirms. A
 * change since the preview (409) sends the admin back to preview again; nothing was done.
 */
export function BulkDialog({
  kind,
  selection,
  scopeText,
  experts,
  onDone,
  onClose,
}: {
  kind: BulkActionKind;
  selection: BulkSelection;
  /** What is selected, in words ('3 selected rows', 'Ritva Varaaja, 2.12.2026'). */
  scopeText: string;
  experts: readonly BookableExpert[];
  onDone: (result: BulkResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({ message: '', toExpertId: '', unmovable: 'leave' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<{ action: BulkAction; preview: BulkPreview } | undefined>();
  const previewing = usePreviewBulk();
  const applying = useApplyBulk();

  const askPreview = (e?: FormEvent) => {
    e?.preventDefault();
    const made = actionOf(kind, draft);
    setErrors(made.errors);
    if (!made.action) return;
    const action = made.action;
    applying.reset();
    previewing.mutate(
      { selection, action },
      {
        onSuccess: (preview) => setShown({ action, preview }),
        onError: (err) => {
          const fields = serverFieldErrors(err);
          setErrors({ message: fields['action.message'] ?? '', toExpertId: fields['action.toExpertId'] ?? '' });
        },
      },
    );
  };
  const confirm = () => {
    if (!shown) return;
    applying.mutate({ selection, action: shown.action, fingerprint: shown.preview.fingerprint }, { onSuccess: (result) => onDone(result) });
  };

  const changed = applying.error instanceof ApiError && applying.error.statusCode === 1332;
  const failure = saveFailureKey(shown ? applying.error : previewing.error);
  return (
    <ModalDialog open wide closeLabel={t('ui.close')} title={t(`admin.bookingsBulk.title.${kind}`)} onClose={onClose}>
      <p className="hint">{scopeText}</p>
      {shown ? (
        <div className="section-stack">
          <FormAlert focus message={failure ? t(failure) : undefined} />
          <BulkPreviewList preview={shown.preview} />
          <div className="actions">
            {changed ? (
              <button type="button" className="button" disabled={previewing.isPending} onClick={() => askPreview()}>
                {t('admin.bookingsBulk.previewAgain')}
              </button>
            ) : (
              <button
                type="button"
                className={`button${kind === 'move' ? '' : ' danger'}`}
                disabled={applying.isPending || shown.preview.counts.skip === shown.preview.items.length}
                onClick={confirm}
              >
                {t(`admin.bookingsBulk.confirm.${kind}`)}
              </button>
            )}
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                applying.reset();
                setShown(undefined);
              }}
            >
              {t('admin.bookingsBulk.back')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={askPreview}>
          <FormAlert message={failure && failure !== 'staff.checkFields' ? t(failure) : undefined} />
          {kind === 'move' && (
            <>
              <SelectField
                label={t('admin.bookingsBulk.toExpert')}
                value={draft.toExpertId}
                placeholder={t('admin.bookings.chooseExpert')}
                onChange={(toExpertId) => setDraft({ ...draft, toExpertId })}
                options={experts.map((e) => ({ value: e.id, label: e.name }))}
                error={fieldKey(errors.toExpertId)}
                hint={t('admin.bookingsBulk.moveHint')}
                required
              />
              <RadioChoice
                name="bulk-unmovable"
                legend={t('admin.bookingsBulk.unmovable')}
                value={draft.unmovable}
                options={[
                  { value: 'leave', label: t('admin.bookingsBulk.unmovableLeave') },
                  { value: 'cancel', label: t('admin.bookingsBulk.unmovableCancel') },
                ]}
                onChange={(unmovable) => setDraft({ ...draft, unmovable })}
              />
            </>
          )}
          {kind === 'deleteOpenTimes' ? (
            <p>{t('admin.bookingsBulk.deleteHint')}</p>
          ) : (
            <TextAreaField
              label={t(kind === 'cancel' ? 'admin.bookingsBulk.message' : 'admin.bookingsBulk.messageOptional')}
              hint={t('admin.bookingsBulk.messageHint')}
              value={draft.message}
              onChange={(message) => setDraft({ ...draft, message })}
              error={fieldKey(errors.message)}
              required={kind === 'cancel'}
            />
          )}
          <div className="actions">
            <button type="submit" className="button" disabled={previewing.isPending}>
              {t('admin.bookingsBulk.preview')}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {t('ui.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** What will happen to a row, and why not when it is left or cancelled instead of moved. */
function Outcome({ item }: { item: BulkItem }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const what =
    item.outcome === 'move' && item.target
      ? t('admin.bookingsBulk.outcome.move', {
          expert: item.target.expertName,
          time: formatTimeRange(item.target.startTime, item.target.endTime, lang),
        })
      : t(`admin.bookingsBulk.outcome.${item.outcome}`);
  return <strong>{item.reason ? `${what} (${t(`admin.bookingsBulk.reasons.${item.reason}`)})` : what}</strong>;
}

/** The preview: the counts, how many people are e-mailed, and every row with what will happen to it. */
function BulkPreviewList({ preview }: { preview: BulkPreview }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = preview.counts;
  return (
    <>
      <p role="status">
        {t('admin.bookingsBulk.summary', { delete: c.delete, cancel: c.cancel, move: c.move, skip: c.skip })}{' '}
        {t('admin.bookingsBulk.recipients', { count: preview.recipients })}
      </p>
      {preview.items.length === 0 ? (
        <p className="empty">{t('admin.bookingsBulk.nothing')}</p>
      ) : (
        <ul className="bulk-preview">
          {preview.items.map((item) => (
            <li key={item.id} className={`bulk-preview-item ${item.outcome}`}>
              <span className="bulk-preview-time">{formatTimeRange(item.startTime, item.endTime, lang)}</span>
              <span>
                {item.expertName}
                {' · '}
                {item.patientName ??
                  (item.status === 'open'
                    ? t('admin.bookingsBulk.openTime')
                    : t('admin.bookings.participants', { count: item.participantCount }))}
              </span>
              <Outcome item={item} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
