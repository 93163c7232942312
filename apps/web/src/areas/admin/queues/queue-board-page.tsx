import { QueueBoardView } from '@/features/queue-board/queue-board-view';

/** `/admin/queues` (issue 32): the organisation's live queue board, for admins with the service settings' view. */
export function QueueBoardPage() {
  return <QueueBoardView app="admin" />;
}
