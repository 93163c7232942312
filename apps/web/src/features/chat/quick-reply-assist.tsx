import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { matchQuickReplies } from '@prsp/contracts';
import { insertReply, slashQuery } from './quick-reply-insert';
import { useTranslation } from '@/lib/i18n';

/** A quick reply as the composer offers it: its text already in the language to insert (the caller chose it). */
export type ComposerQuickReply = { id: string; shortcut: string; title: string; text: string; scope: 'organisation' | 'own' };

const MAX_SHOWN = 8;

/**
 * The expert composer's quick replies (issue 32, point 5; docs/quick-replies.md): typing `/` and a shortcut offers
 * the matches in a listbox the textarea points into with aria-activedescendant (arrows move, Enter or Tab inserts,
 * Shift+Tab still leaves, Escape closes); a button opens the whole list. Inserting only fills the composer: the
 * expert still sends.
 */
export function useQuickReplyAssist({
  replies,
  text,
  setText,
  textarea,
  disabled,
}: {
  replies: readonly ComposerQuickReply[] | undefined;
  text: string;
  setText: (text: string) => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const [picking, setPicking] = useState(false);
  const pickerButton = useRef<HTMLButtonElement>(null);
  const pickerBox = useRef<HTMLDivElement>(null);

  // An open picker closes when the pointer goes down anywhere outside it, as a menu does.
  useEffect(() => {
    if (!picking) return;
    const close = (e: PointerEvent) => {
      if (!pickerBox.current?.contains(e.target as Node)) setPicking(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [picking]);

  const slash = replies && replies.length > 0 && !disabled ? slashQuery(text, Math.min(caret, text.length)) : null;
  const matches = slash ? matchQuickReplies(replies!, slash.query).slice(0, MAX_SHOWN) : [];
  const open = !closed && matches.length > 0;
  const current = open ? Math.min(active, matches.length - 1) : -1;
  const listId = `${id}-quick`;
  const optionId = (i: number) => `${id}-quick-${i}`;

  const put = (reply: ComposerQuickReply, from: number, to: number) => {
    const next = insertReply(text, reply.text, from, to);
    setText(next.text);
    setCaret(next.caret);
    setClosed(true);
    requestAnimationFrame(() => {
      const el = textarea.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };
  const insertFromSlash = (reply: ComposerQuickReply) => slash && put(reply, slash.start, Math.min(caret, text.length));
  const insertFromPicker = (reply: ComposerQuickReply) => {
    setPicking(false);
    const el = textarea.current;
    const from = el ? el.selectionStart : text.length;
    const to = el ? el.selectionEnd : text.length;
    put(reply, from, to);
  };

  /** The composer asks first: true when the key was the listbox's (the composer then does nothing with it). */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) {
      insertFromSlash(matches[current]!);
    } else if (e.key === 'Escape') {
      setClosed(true);
    } else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  // The caret is followed from the start, also before the replies have loaded: a `/shortcut` typed meanwhile is
  // offered as soon as they come.
  const track = (el: HTMLTextAreaElement) => setCaret(el.selectionStart);
  const textareaProps = {
    ...(replies?.length
      ? {
          'aria-autocomplete': 'list' as const,
          'aria-controls': open ? listId : undefined,
          'aria-activedescendant': open ? optionId(current) : undefined,
        }
      : {}),
    onSelect: (e: { currentTarget: HTMLTextAreaElement }) => track(e.currentTarget),
    onChange: (el: HTMLTextAreaElement) => {
      track(el);
      setClosed(false);
      setActive(0);
    },
  };

  const label = (r: ComposerQuickReply) => `/${r.shortcut} – ${r.title}`;
  const listbox: ReactNode = replies?.length ? (
    <>
      <p className="visually-hidden" role="status">
        {open ? t('quickReplies.composer.matches', { count: matches.length }) : ''}
      </p>
      {open && (
        <ul id={listId} role="listbox" className="quick-reply-list" aria-label={t('quickReplies.composer.listLabel')}>
          {matches.map((r, i) => (
            <li
              key={r.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'active' : undefined}
              // The textarea keeps the focus: a pointer chooses without taking it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insertFromSlash(r)}
            >
              <span className="quick-reply-shortcut">/{r.shortcut}</span> <span>{r.title}</span>
              {r.scope === 'own' && <span className="hint"> ({t('quickReplies.composer.own')})</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  ) : null;

  const picker: ReactNode = replies?.length ? (
    <div className="quick-reply-picker" ref={pickerBox}>
      <button
        ref={pickerButton}
        type="button"
        className="button secondary"
        aria-expanded={picking}
        aria-controls={`${id}-picker`}
        disabled={disabled}
        onClick={() => setPicking((p) => !p)}
      >
        {t('quickReplies.composer.picker')}
      </button>
      {picking && (
        <div
          id={`${id}-picker`}
          className="quick-reply-panel"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setPicking(false);
            pickerButton.current?.focus();
          }}
        >
          <ul aria-label={t('quickReplies.composer.listLabel')}>
            {replies.map((r) => (
              <li key={r.id}>
                <button type="button" className="button link" onClick={() => insertFromPicker(r)}>
                  {label(r)}
                  {r.scope === 'own' && ` (${t('quickReplies.composer.own')})`}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  ) : null;

  return { textareaProps, onKeyDown, listbox, picker };
}
