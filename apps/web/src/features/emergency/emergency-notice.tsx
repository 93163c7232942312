import './emergency-texts';
import './emergency-notice.css';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';

/**
 * Shown at once when a patient's answers say emergency (a self-assessment's result, a survey's red-flag answer),
 * before any queue or further step: call 112 (the primary action) or go to the nearest emergency department, and
 * only below that a way on. Focus moves to the heading as the notice replaces what was on the screen, so a screen
 * reader hears it first. `continueLabel`: the way on when it is not "continue to the chat anyway"; `text`: the
 * opening sentence when the chat is not what the patient would wait for (a survey). `moveFocus={false}`: shown
 * beside a form the patient is still filling in (a red-flag choice just picked), where taking the focus away from
 * the choice would lose their place; it is announced as an alert instead.
 */
export function EmergencyNotice({
  onContinue,
  continueLabel,
  text,
  moveFocus = true,
}: {
  onContinue: () => void;
  continueLabel?: string;
  text?: string;
  moveFocus?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moveFocus) heading.current?.focus();
  }, [moveFocus]);
  return (
    <section className="card emergency-notice" aria-labelledby={titleId} role={moveFocus ? undefined : 'alert'}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('emergency.title')}
      </h2>
      <p>{text ?? t('emergency.text')}</p>
      <p>{t('emergency.callHint')}</p>
      <a className="button emergency-call" href="tel:112">
        {t('emergency.call')}
      </a>
      <p>{t('emergency.department')}</p>
      <button type="button" className="button secondary" onClick={onContinue}>
        {continueLabel ?? t('emergency.continue')}
      </button>
    </section>
  );
}
