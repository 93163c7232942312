import './expert-booking.css';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatHistoryItem } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, TextField } from '@/components/ui/form-fields';
import { Pager } from '@/components/ui/pager';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useWalkInHistory } from '../chat/contact-history-api';
import { PastChat } from '../chat/contact-history-panel';
import { BookingTable } from './booking-table';
import { pageFromSearch } from './booking-helpers';
import { EXPERT_PAGE_SIZE, useAppointmentHistory } from './expert-booking-api';

/** Search by patient: a name fragment or an identity code (the server finds the code by its keyed hash). */
function PatientSearch({ applied, onSearch }: { applied: string; onSearch: (patient: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(applied);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="history-search" onSubmit={submit}>
      <TextField
        label={t('expert.booking.history.patient')}
        hint={t('expert.booking.history.patientHint')}
        value={text}
        onChange={setText}
      />
      <div className="actions">
        <button type="submit" className="button">
          {t('ui.search')}
        </button>
        {applied && (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            {t('expert.booking.history.clear')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The expert's finished chats without an appointment (walk-ins), each opening its transcript in place. */
function WalkInChats({ patient, page, onPage }: { patient: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const chats = useWalkInHistory(page, EXPERT_PAGE_SIZE, patient);
  const [opened, setOpened] = useState<ChatHistoryItem | null>(null);
  const data = chats.data;
  return (
    <section className="section-stack" aria-labelledby="walk-in-title">
      <h2 id="walk-in-title">{t('expert.booking.history.chats')}</h2>
      {opened ? (
        <PastChat item={opened} onBack={() => setOpened(null)} level={3} />
      ) : (
        <>
          <FormAlert message={chats.isError ? t('staff.loadError') : undefined} />
          <DataTable<ChatHistoryItem>
            caption={t('expert.booking.history.chats')}
            rows={data?.items}
            failed={chats.isError}
            empty={t('expert.booking.history.noChats')}
            columns={[
              t('expert.booking.history.started'),
              t('expert.booking.history.patientColumn'),
              t('expert.booking.history.service'),
              t('expert.booking.history.transcript'),
            ]}
          >
            {(c) => (
              <tr key={c.channelId}>
                {/* One element per cell: on a phone the cell is a grid of its column's name and its content. */}
                <td>
                  <span>{formatDateTime(c.createdAt, lang)}</span>
                </td>
                <td>
                  <span>{c.patientName}</span>
                </td>
                <td>
                  <span>{c.serviceName ? c.serviceName[lang] : '–'}</span>
                </td>
                <td>
                  <span>
                    <button type="button" className="button secondary small" onClick={() => setOpened(c)}>
                      {t('expert.booking.history.open')}
                      <span className="visually-hidden">: {c.patientName}</span>
                    </button>
                  </span>
                </td>
              </tr>
            )}
          </DataTable>
          {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />}
        </>
      )}
    </section>
  );
}

/**
 * `/expert/appointmentHistory`: the expert's contact history, newest first, a page at a time: the appointments that
 * have ended and the chats without one (walk-ins), both searchable by the patient's name or identity code.
 */
export function AppointmentHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.menu.appointmentHistory'));
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search);
  const patient = search.get('patient') ?? '';
  const chatPage = Math.max(1, Number(search.get('chatPage')) || 1);
  const history = useAppointmentHistory(page, patient);
  const data = history.data;
  /** The URL keeps the search and both pages, so a reload or Back shows the same lists. */
  const go = (next: { patient?: string; page?: number; chatPage?: number }) => {
    const params: Record<string, string> = {};
    const p = next.patient ?? patient;
    if (p) params.patient = p;
    if ((next.page ?? 1) > 1) params.page = String(next.page);
    if ((next.chatPage ?? 1) > 1) params.chatPage = String(next.chatPage);
    setSearch(params);
  };
  return (
    <div className="section-stack expert-booking">
      <div className="page-head">
        <h1>{t('expert.menu.appointmentHistory')}</h1>
      </div>
      <p>{t('expert.booking.history.intro')}</p>
      <PatientSearch key={patient} applied={patient} onSearch={(p) => go({ patient: p })} />
      <section className="section-stack" aria-labelledby="appointments-title">
        <h2 id="appointments-title">{t('expert.booking.history.appointments')}</h2>
        <FormAlert message={history.isError ? t('staff.loadError') : undefined} />
        <BookingTable
          rows={data?.items}
          failed={history.isError}
          empty={t('expert.booking.history.empty')}
          caption={t('expert.booking.history.appointments')}
        />
        {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => go({ page: p, chatPage })} />}
      </section>
      <WalkInChats patient={patient} page={chatPage} onPage={(p) => go({ page, chatPage: p })} />
    </div>
  );
}
