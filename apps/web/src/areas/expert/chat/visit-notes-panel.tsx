import './visit-notes-texts';
import './visit-notes.css';
import { useId, useState } from 'react';
import { VISIT_NOTE_MAX } from '@prsp/contracts';
import { CheckboxField, FormField } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { fetchVisitSummaryText, useSaveVisitNote, useVisitNote, visitSummaryUrl } from './visit-notes-api';

type Level = 3 | 4 | 5 | 6;
type Status = { kind: 'ok' | 'error'; text: string } | null;

/** The expert's own note: a labelled text box and Save, with what became of the last save said in a live region. */
function NoteForm({ channelId, initial }: { channelId: string; initial: string }) {
  const { t } = useTranslation();
  const save = useSaveVisitNote(channelId);
  const [text, setText] = useState(initial);
  const [status, setStatus] = useState<Status>(null);
  const tooLong = text.length > VISIT_NOTE_MAX;
  return (
    <form
      className="visit-note-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (tooLong) return;
        setStatus(null);
        save.mutate(text, {
          onSuccess: (note) => setStatus({ kind: 'ok', text: t(note.text === '' ? 'visitNotes.note.deleted' : 'visitNotes.note.saved') }),
          onError: () => setStatus({ kind: 'error', text: t('visitNotes.note.failed') }),
        });
      }}
    >
      {/* The count goes in the field's error as words of its own: FormField shows text as it is given. */}
      <FormField
        label={t('visitNotes.note.label')}
        hint={t('visitNotes.note.hint')}
        error={tooLong ? t('visitNotes.note.tooLong', { count: text.length }) : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setStatus(null);
            }}
          />
        )}
      </FormField>
      <div className="visit-note-actions">
        <button type="submit" className="button" disabled={save.isPending || tooLong}>
          {t(save.isPending ? 'visitNotes.note.saving' : 'visitNotes.note.save')}
        </button>
        <p className={`visit-status ${status?.kind ?? ''}`} role="status">
          {status?.text}
        </p>
      </div>
    </form>
  );
}

/** The visit's summary for the patient record: the PDF to download, or the same as text to the clipboard. */
function SummaryActions({ channelId, Heading }: { channelId: string; Heading: 'h3' | 'h4' | 'h5' | 'h6' }) {
  const { t } = useTranslation();
  const [fullIdentityCode, setFullIdentityCode] = useState(false);
  const [copying, setCopying] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const opts = { fullIdentityCode, lang: currentLanguage() };
  const copy = async () => {
    setCopying(true);
    setStatus(null);
    try {
      await navigator.clipboard.writeText(await fetchVisitSummaryText(visitSummaryUrl(channelId, 'txt', opts)));
      setStatus({ kind: 'ok', text: t('visitNotes.summary.copied') });
    } catch {
      setStatus({ kind: 'error', text: t('visitNotes.summary.copyFailed') });
    } finally {
      setCopying(false);
    }
  };
  const titleId = useId();
  return (
    <section className="visit-summary" aria-labelledby={titleId}>
      <Heading id={titleId}>{t('visitNotes.summary.title')}</Heading>
      <p className="muted">{t('visitNotes.summary.hint')}</p>
      <CheckboxField
        label={t('visitNotes.summary.fullCode')}
        hint={t('visitNotes.summary.fullCodeHint')}
        checked={fullIdentityCode}
        onChange={setFullIdentityCode}
      />
      <div className="visit-summary-actions">
        <a className="button secondary" href={visitSummaryUrl(channelId, 'pdf', opts)} download>
          {t('visitNotes.summary.download')}
        </a>
        <button type="button" className="button secondary" disabled={copying} onClick={() => void copy()}>
          {t(copying ? 'visitNotes.summary.copying' : 'visitNotes.summary.copy')}
        </button>
      </div>
      <p className={`visit-status ${status?.kind ?? ''}`} role="status">
        {status?.text}
      </p>
    </section>
  );
}

/**
 * A visit's notes and summary (issue 33) for the expert who serves or served it: beside the chat on the desk, during
 * the visit and after it, and under an earlier chat in the history. The note is theirs alone. For a visit they did not
 * serve (an earlier chat they read as the patient's carer) the server answers 404, and nothing is shown.
 */
export function VisitNotesPanel({ channelId, level = 4 }: { channelId: string; level?: Level }) {
  const { t } = useTranslation();
  const titleId = useId();
  const note = useVisitNote(channelId);
  if (note.error instanceof ApiError && note.error.statusCode === 404) return null;
  const Title = `h${level}` as 'h3' | 'h4' | 'h5' | 'h6';
  return (
    <div className="visit-notes">
      <section className="visit-note" aria-labelledby={titleId}>
        <Title id={titleId}>{t('visitNotes.note.title')}</Title>
        {note.data ? (
          <NoteForm channelId={channelId} initial={note.data.text} />
        ) : (
          <QueryState error={note.error} onRetry={() => void note.refetch()} />
        )}
      </section>
      <SummaryActions channelId={channelId} Heading={Title} />
    </div>
  );
}
