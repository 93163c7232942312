import { useId, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useTranslation } from '@/lib/i18n';

/**
 * The new endpoint's signing secret, shown this once (the server keeps it encrypted and never answers it again),
 * in a read-only field the admin can select, with a copy button whose outcome is announced.
 */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <ModalDialog open wide title={t('webhooksAdmin.secretTitle')} onClose={onClose} closable={false}>
      <p id={`${id}-text`}>{t('webhooksAdmin.secretText')}</p>
      <div className="field">
        <label htmlFor={id}>{t('webhooksAdmin.secretLabel')}</label>
        <input
          id={id}
          className="webhook-secret"
          readOnly
          value={secret}
          aria-describedby={`${id}-text`}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <p role="status" className="hint">
        {copied === 'yes' ? t('webhooksAdmin.copied') : copied === 'failed' ? t('webhooksAdmin.copyFailed') : ''}
      </p>
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          {t('webhooksAdmin.copy')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('webhooksAdmin.done')}
        </button>
      </div>
    </ModalDialog>
  );
}
