import { ConfirmDialog } from './confirm-dialog';
import { showToast } from './toasts';
import { useTranslation } from '@/lib/i18n';

type DeleteMutation = {
  isPending: boolean;
  mutate: (id: string, options: { onSuccess: () => void; onSettled: () => void }) => void;
};

/** Asks before deleting a row of an admin list; a done deletion is told in a toast, and the question closes either way. */
export function ConfirmDeleteDialog({
  target,
  title,
  text,
  deletedText,
  remove,
  onDone,
}: {
  /** The row's id while asking. */
  target: string | undefined;
  title: string;
  text: string;
  deletedText: string;
  remove: DeleteMutation;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={target !== undefined}
      title={title}
      text={<p>{text}</p>}
      confirmLabel={t('ui.delete')}
      danger
      busy={remove.isPending}
      onCancel={onDone}
      onConfirm={() =>
        target !== undefined &&
        remove.mutate(target, {
          onSuccess: () => showToast(deletedText),
          onSettled: onDone,
        })
      }
    />
  );
}
