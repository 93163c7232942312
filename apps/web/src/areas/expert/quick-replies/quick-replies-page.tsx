import { QuickRepliesManager } from '@/features/staff/quick-replies-manager';

/** `/expert/quickReplies` (issue 32; docs/quick-replies.md): the expert's own quick replies for the chat composer. */
export function QuickRepliesPage() {
  return <QuickRepliesManager owner="own" canEdit />;
}
