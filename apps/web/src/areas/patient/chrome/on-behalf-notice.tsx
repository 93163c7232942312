import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';

const REASONS = ['cancelled', 'notAllowed', 'failed'] as const;
type Reason = (typeof REASONS)[number];
const toReason = (value: string): Reason => ((REASONS as readonly string[]).includes(value) ? (value as Reason) : 'failed');

/**
 * After the mandate service the browser lands on `/landing?onBehalfError=…` when acting did not start:
 * the reason is shown as an alert (until dismissed) and removed from the address.
 */
export function OnBehalfNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('onBehalfError');
  const [reason, setReason] = useState<Reason | null>(null);
  if (fromUrl !== null && reason !== toReason(fromUrl)) setReason(toReason(fromUrl));

  useEffect(() => {
    if (fromUrl === null) return;
    setParams(
      (current) => {
        current.delete('onBehalfError');
        return current;
      },
      { replace: true },
    );
  }, [fromUrl, setParams]);

  if (!reason) return null;
  return (
    <div className="alert dismissible" role="alert">
      <p>{t(`actOnBehalf.errors.${reason}`)}</p>
      <button type="button" className="button link" onClick={() => setReason(null)}>
        {t('common.close')}
      </button>
    </div>
  );
}
