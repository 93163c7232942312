import './transcript-view.css';
import type { Transcript } from '@prsp/contracts';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The words the transcript needs, from the area that shows it (patient history, expert contact history). */
export type TranscriptLabels = { expert: string; empty: string };

/**
 * A finished chat's messages (spec §3 'History' transcript), oldest first: who wrote each (the member's name,
 * marked when the member is the expert, role 'agent'), when (`message_time` in seconds) and the text with its
 * line breaks. An ordered list, so a screen reader tells how many messages there are and where it is.
 */
export function TranscriptView({ transcript, labels }: { transcript: Transcript; labels: TranscriptLabels }) {
  const lang = currentLanguage();
  if (transcript.messages.length === 0) return <p className="empty">{labels.empty}</p>;
  return (
    <ol className="transcript">
      {transcript.messages.map((m, i) => {
        const member = transcript.members[m.message_user_id];
        const isExpert = member?.role === 'agent';
        const at = new Date(m.message_time * 1000);
        return (
          <li key={`${i}-${m.message_time}`} className={isExpert ? 'transcript-message from-expert' : 'transcript-message'}>
            <p className="transcript-meta">
              <span className="transcript-name">{member?.name || m.message_username}</span>
              {isExpert && <span className="transcript-role">{labels.expert}</span>}
              <time dateTime={at.toISOString()}>{formatDateTime(at, lang)}</time>
            </p>
            <p className="transcript-text">{m.message_text}</p>
          </li>
        );
      })}
    </ol>
  );
}
