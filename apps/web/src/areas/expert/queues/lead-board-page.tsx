import { QueryState } from '@/components/ui/query-state';
import { useShiftLead } from '@/features/queue-board/queue-board-api';
import { QueueBoardView } from '@/features/queue-board/queue-board-view';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';

/** Said to an expert who opens the board's address without leading a shift (the server refuses them the board too). */
function NotLead() {
  const { t } = useTranslation();
  usePageTitle(t('queueBoard.title'));
  return (
    <div className="section-stack">
      <h1>{t('queueBoard.title')}</h1>
      <p>{t('queueBoard.notLead')}</p>
    </div>
  );
}

/** `/expert/queues` (issue 32): the organisation's live queue board, read-only, for experts an admin made shift leads. */
export function LeadBoardPage() {
  const lead = useShiftLead(true);
  if (!lead.data) return <QueryState error={lead.error} onRetry={() => void lead.refetch()} />;
  return lead.data.shiftLead ? <QueueBoardView app="expert" /> : <NotLead />;
}
