import type { StaffUserData } from '@prsp/contracts';
import { QuickRepliesManager } from '@/features/staff/quick-replies-manager';

/** `/admin/quickReplies` (issue 32; docs/quick-replies.md): the organisation's quick replies for the experts' chats. */
export function QuickRepliesPage({ user }: { user: StaffUserData }) {
  return <QuickRepliesManager owner="organisation" canEdit={user.rights.serviceSettings.edit} />;
}
