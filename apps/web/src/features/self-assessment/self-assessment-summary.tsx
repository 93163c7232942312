import './self-assessment-texts';
import { useId } from 'react';
import type { SelfAssessmentView } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';

/** A value of another connector's result as text: strings as they are, anything else as compact JSON. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The self-assessment result as the expert reads it in the chat (from the metadata the server sealed and opened):
 * the urgency and each question with its answer; another connector's result as it came; an encrypted one named so.
 */
export function SelfAssessmentSummary({ view }: { view: NonNullable<SelfAssessmentView> }) {
  const { t } = useTranslation();
  // Several chats may be open on the expert's desk at once.
  const titleId = useId();
  return (
    <section className="self-assessment-summary" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('selfAssessment.expert.title')}</h4>
      {view.kind === 'encrypted' && <p className="muted">{t('selfAssessment.expert.encrypted')}</p>}
      {view.kind === 'result' && (
        <dl className="details-list answers">
          <div>
            <dt>{t('selfAssessment.expert.urgency')}</dt>
            <dd>
              <strong>{t(`selfAssessment.urgency.${view.result.urgency}`)}</strong>
            </dd>
          </div>
          {view.result.answers.map((a, i) => (
            <div key={i}>
              <dt>{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
        </dl>
      )}
      {view.kind === 'other' && (
        <dl className="details-list answers">
          {Object.entries(view.result).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{valueText(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
