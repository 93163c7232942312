import { useId } from 'react';
import { PRESENCE_STATUSES, type PresenceStatus } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import '@/lib/presence-texts';
import { useChoosePresence, useOwnPresence } from './presence-api';
import './presence-control.css';

/**
 * The expert's status in the header (issue 32): a labelled native select (keyboard and screen reader work as
 * anywhere), with what they are now beside it, which may differ from the choice (busy at their chat limit, away when
 * idle), and their open chats. A change is announced politely.
 */
export function PresenceControl({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const presence = useOwnPresence(enabled);
  const choose = useChoosePresence();
  if (!presence.data) return null;
  const { status, state, openChats, maxConcurrentChats } = presence.data;
  return (
    <div className={`presence-control presence-${state}`}>
      <label htmlFor={id}>{t('presence.control.label')}</label>
      <select
        id={id}
        value={choose.isPending && choose.variables ? choose.variables : status}
        aria-describedby={`${id}-now`}
        onChange={(e) => choose.mutate(e.target.value as PresenceStatus)}
      >
        {PRESENCE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`presence.states.${s}`)}
          </option>
        ))}
      </select>
      <span id={`${id}-now`} className="presence-now" role="status">
        <span className="presence-dot" aria-hidden="true" />
        {t('presence.control.now', { state: t(`presence.states.${state}`) })}
        {' · '}
        {maxConcurrentChats === null
          ? t('presence.control.openChats', { count: openChats })
          : t('presence.control.openChatsOf', { count: openChats, max: maxConcurrentChats })}
      </span>
      {choose.isError && (
        <span className="presence-error" role="alert">
          {t('presence.control.failed')}
        </span>
      )}
    </div>
  );
}
