import { CHAT_LIMITS, ZTransferRequest, type TransferRequest } from '@prsp/contracts';
import { FormAlert, TextAreaField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { QueryState } from '@/components/ui/query-state';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useTransfer, useTransferTargets } from './expert-chat-api';
import { useTranslation } from '@/lib/i18n';

/** The request from the radio group's choice (`queue:<id>` or `expert:<id>`) and the note, when one was written. */
function requestOf(choice: string, note: string): TransferRequest {
  const [kind, ...rest] = choice.split(':');
  const id = rest.join(':');
  const text = note.trim() ? { note: note.trim() } : {};
  return kind === 'queue' ? { queueId: id, ...text } : { expertId: id, ...text };
}

/**
 * Hands a chat to another queue or to a named expert of the organisation (who is said to be online or not, and who
 * then accepts it), with a note for whoever takes it; the chat leaves this desk.
 */
export function TransferDialog({ open, channelId, onClose }: { open: boolean; channelId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const targets = useTransferTargets(open);
  const transfer = useTransfer(channelId);
  const form = useZodForm<{ choice: string; note: string }, TransferRequest>({
    schema: ZTransferRequest,
    defaultValues: { choice: '', note: '' },
    toBody: ({ choice, note }) => requestOf(choice, note),
  });
  const { choice, note } = form.values;
  const setChoice = (value: string) => form.set('choice', value);
  const close = () => {
    form.form.reset({ choice: '', note: '' });
    transfer.reset();
    onClose();
  };
  const data = targets.data;
  return (
    <ModalDialog open={open} title={t('expert.chat.transfer.title')} onClose={close} closeLabel={t('ui.close')}>
      {!data ? (
        <QueryState error={targets.error} onRetry={() => void targets.refetch()} />
      ) : (
        <form className="form" onSubmit={(e) => form.submit(e, (target) => transfer.mutate(target, { onSuccess: close }))}>
          <FormAlert message={transfer.isError ? t('expert.chat.transfer.failed') : undefined} />
          <fieldset>
            <legend>{t('expert.chat.transfer.queues')}</legend>
            {data.queues.length === 0 && <p className="muted">{t('expert.chat.transfer.noQueues')}</p>}
            {data.queues.map((q) => (
              <label key={q.id} className="radio-choice">
                <input
                  type="radio"
                  name="target"
                  value={`queue:${q.id}`}
                  checked={choice === `queue:${q.id}`}
                  onChange={(e) => setChoice(e.target.value)}
                />
                {q.name}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('expert.chat.transfer.experts')}</legend>
            {data.experts.length === 0 && <p className="muted">{t('expert.chat.transfer.noExperts')}</p>}
            {data.experts.map((x) => (
              <label key={x.id} className="radio-choice">
                <input
                  type="radio"
                  name="target"
                  value={`expert:${x.id}`}
                  checked={choice === `expert:${x.id}`}
                  onChange={(e) => setChoice(e.target.value)}
                />
                {x.name}
                <span className={x.online ? 'presence online' : 'presence'}>
                  {t(x.online ? 'expert.chat.transfer.online' : 'expert.chat.transfer.offline')}
                </span>
              </label>
            ))}
            {data.experts.length > 0 && <p className="muted">{t('expert.chat.transfer.acceptHint')}</p>}
          </fieldset>
          <TextAreaField
            label={t('expert.chat.transfer.note')}
            hint={t('expert.chat.transfer.noteHint', { max: CHAT_LIMITS.handoverNoteMax })}
            value={note}
            onChange={(v) => form.set('note', v.slice(0, CHAT_LIMITS.handoverNoteMax))}
            rows={3}
          />
          <div className="actions">
            <button type="submit" className="button" disabled={!choice || transfer.isPending}>
              {t('expert.chat.transfer.submit')}
            </button>
            <button type="button" className="button secondary" onClick={close}>
              {t('ui.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
