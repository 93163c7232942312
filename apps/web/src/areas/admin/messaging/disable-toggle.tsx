import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { saveFailureKey } from '@/lib/form-errors';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §4 'Categories and subcategories can be disabled after confirmation': the button asks first, then saves the
 * stored item with only its disabled state turned (`toggle`), so unsaved edits of the form are not sent with it.
 */
export function DisableToggle({
  kind,
  name,
  isDisabled,
  toggle,
}: {
  kind: 'category' | 'subcategory';
  name: string;
  isDisabled: boolean;
  toggle: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const key = `admin.messages.${kind}`;
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await toggle();
      showToast(t(`${key}.${isDisabled ? 'enabledDone' : 'disabledDone'}`));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const failure = saveFailureKey(error);
  return (
    <>
      <FormAlert message={failure ? t(failure) : undefined} />
      <button type="button" className={`button${isDisabled ? ' secondary' : ' danger'}`} onClick={() => setAsking(true)}>
        {t(`${key}.${isDisabled ? 'enable' : 'disable'}`)}
      </button>
      <ConfirmDialog
        open={asking}
        title={t(`${key}.${isDisabled ? 'enableTitle' : 'disableTitle'}`)}
        text={<p>{t(`${key}.${isDisabled ? 'enableText' : 'disableText'}`, { name })}</p>}
        confirmLabel={t(`${key}.${isDisabled ? 'enable' : 'disable'}`)}
        danger={!isDisabled}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
