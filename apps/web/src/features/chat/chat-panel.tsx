import './chat.css';
import { useChatHeight } from './chat-height';
import { ChatComposer } from './chat-composer';
import type { ComposerQuickReply } from './quick-reply-assist';
import type { ChatTextPrefix } from './chat-texts';
import { ChatThread } from './chat-thread';
import type { ChatChannelState } from './use-chat-channel';
import { useTranslation } from '@/lib/i18n';

/**
 * A chat as both areas show it: the thread over the composer, in a box as high as spec §9 says (the viewport
 * minus the header minus 40 px, between 450 and 700 px). While the connection is down it says so; what is
 * written meanwhile is sent when it is back.
 */
export function ChatPanel({
  chat,
  prefix,
  disabled,
  quickReplies,
  takeFocus,
}: {
  chat: ChatChannelState;
  prefix: ChatTextPrefix;
  disabled?: boolean;
  /** The expert's quick replies for the composer (none for the patient). */
  quickReplies?: readonly ComposerQuickReply[];
  /** The composer takes the focus once it can be written in (chat-composer.tsx). */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const height = useChatHeight();
  return (
    <div className="chat-panel" style={{ height }}>
      {!chat.connected && (
        <p className="chat-offline" role="status">
          {t(`${prefix}.reconnecting`)}
        </p>
      )}
      <ChatThread
        messages={chat.messages}
        pending={chat.pending}
        me={chat.channel?.me.userId ?? ''}
        readUpTo={chat.readUpTo}
        typingNames={chat.typingNames}
        onRetry={chat.retry}
        prefix={prefix}
      />
      <ChatComposer
        onSend={chat.send}
        onTyping={chat.typing}
        onUpload={chat.upload}
        disabled={disabled}
        prefix={prefix}
        quickReplies={quickReplies}
        takeFocus={takeFocus}
      />
    </div>
  );
}
