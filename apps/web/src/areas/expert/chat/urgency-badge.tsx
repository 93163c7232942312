import '@/features/self-assessment/self-assessment-texts';
import type { Urgency } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';

/** The urgencies the desk marks (issue 29): an emergency, and more mildly an urgent one; milder ones and none are not. */
export function isMarked(urgency: Urgency | null): urgency is 'emergency' | 'urgent' {
  return urgency === 'emergency' || urgency === 'urgent';
}

/**
 * An emergency or urgent patient's mark, on their queue card and in their chat's header: a badge in words
 * ("Hätätilanne – 112"), not colour alone, and the self-assessment's text for the level.
 */
export function UrgencyBadge({ urgency, className = 'waiting-urgency' }: { urgency: Urgency | null; className?: string }) {
  const { t } = useTranslation();
  if (!isMarked(urgency)) return null;
  return (
    <span className={className}>
      <strong className={`urgency-badge ${urgency}`}>{t(`expert.chat.queues.urgency.${urgency}`)}</strong>
      <span>{t(`selfAssessment.urgency.${urgency}`)}</span>
    </span>
  );
}
