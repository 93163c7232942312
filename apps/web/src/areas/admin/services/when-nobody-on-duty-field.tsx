import { WHEN_NOBODY_ON_DUTY, type WhenNobodyOnDuty } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import '@/lib/presence-texts';

/** What the service's queue does when none of its professionals is on duty (issue 32): admit and say so, or close. */
export function WhenNobodyOnDutyField({
  value,
  onChange,
  disabled,
}: {
  value: WhenNobodyOnDuty;
  onChange: (value: WhenNobodyOnDuty) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled} aria-describedby="when-nobody-hint">
      <legend>{t('presence.admin.whenNobody')}</legend>
      <p id="when-nobody-hint" className="hint">
        {t('presence.admin.whenNobodyHint')}
      </p>
      {WHEN_NOBODY_ON_DUTY.map((choice) => (
        <label key={choice} className="check">
          <input type="radio" name="whenNobodyOnDuty" value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          <span>{t(`presence.admin.${choice}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
