import { useId, useState } from 'react';
import type { ApiClientCreated } from '@prsp/contracts';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useTranslation } from '@/lib/i18n';

type Copied = 'id' | 'secret' | 'failed' | undefined;

/** A read-only value the admin can select, with its copy button. */
function CopyField({
  label,
  value,
  copyLabel,
  describedBy,
  onCopy,
}: {
  label: string;
  value: string;
  copyLabel: string;
  describedBy?: string;
  onCopy: () => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="api-client-copy">
        <input
          id={id}
          className="api-client-value"
          readOnly
          value={value}
          aria-describedby={describedBy}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button secondary" onClick={onCopy}>
          {copyLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * The new client's `client_id` and `client_secret`. The server keeps only a hash of the secret and answers it in the
 * create answer alone, so this dialog is the only time anyone sees it: it must be answered (no ×, no Esc), says so
 * plainly, and announces the outcome of each copy.
 */
export function ClientSecretDialog({ created, onClose }: { created: ApiClientCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const warningId = useId();
  const [copied, setCopied] = useState<Copied>();
  const copy = async (value: string, what: 'id' | 'secret') => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(what);
    } catch {
      setCopied('failed');
    }
  };
  const status = { id: 'apiClientsAdmin.copiedId', secret: 'apiClientsAdmin.copiedSecret', failed: 'apiClientsAdmin.copyFailed' } as const;
  return (
    <ModalDialog open wide title={t('apiClientsAdmin.secretTitle')} onClose={onClose} closable={false}>
      <p id={warningId} className="api-client-warning">
        {t('apiClientsAdmin.secretWarning')}
      </p>
      <CopyField
        label={t('apiClientsAdmin.clientIdLabel')}
        value={created.client.clientId}
        copyLabel={t('apiClientsAdmin.copyId')}
        onCopy={() => void copy(created.client.clientId, 'id')}
      />
      <CopyField
        label={t('apiClientsAdmin.secretLabel')}
        value={created.clientSecret}
        copyLabel={t('apiClientsAdmin.copySecret')}
        describedBy={warningId}
        onCopy={() => void copy(created.clientSecret, 'secret')}
      />
      <p role="status" className="hint">
        {copied ? t(status[copied]) : ''}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          {t('apiClientsAdmin.done')}
        </button>
      </div>
    </ModalDialog>
  );
}
