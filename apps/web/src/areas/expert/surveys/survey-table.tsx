import { Link } from 'react-router';
import type { ExpertSurveyItem } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { answersHref } from './surveys-view';

/**
 * The expert's surveys (spec §4 'Surveys: open, answered, forwarded'): the survey's name opening its answers, the
 * patient, the appointment, when it was sent and answered, to whom it was forwarded and when the patient was last
 * reminded. On a phone each row is a card. A response with a red-flag answer comes first (the server's order) and
 * says so (issue 29).
 */
export function SurveyTable({
  rows,
  failed,
  empty,
  caption,
}: {
  rows: readonly ExpertSurveyItem[] | undefined;
  failed: boolean;
  empty: string;
  caption: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns = [
    t('expertSurveys.columns.survey'),
    t('expertSurveys.columns.patient'),
    t('expertSurveys.columns.appointment'),
    t('expertSurveys.columns.sent'),
    t('expertSurveys.columns.answered'),
    t('expertSurveys.columns.forwardedTo'),
    t('expertSurveys.columns.reminder'),
  ];
  return (
    <DataTable<ExpertSurveyItem> rows={rows} failed={failed} empty={empty} caption={caption} columns={columns}>
      {(row) => (
        <tr key={row.responseId} className={row.redFlag ? 'red-flag-row' : undefined}>
          <td>
            <Link to={answersHref(row.responseId)}>{row.surveyName[lang]}</Link>
            {row.redFlag && <strong className="red-flag-mark block">{t('expertSurveys.redFlag')}</strong>}
          </td>
          <td>{row.patientName}</td>
          <td>
            {row.appointment ? (
              <span>
                {row.appointment.name}
                <span className="hint block">{formatDateTime(row.appointment.startTime, lang)}</span>
              </span>
            ) : (
              '–'
            )}
          </td>
          <td className="nowrap">{formatDateTime(row.sentAt, lang)}</td>
          <td className="nowrap">
            {row.respondedAt ? formatDateTime(row.respondedAt, lang) : t(row.closed ? 'expertSurveys.closed' : 'expertSurveys.notAnswered')}
          </td>
          <td>{row.forwardedTo?.name ?? '–'}</td>
          <td className="nowrap">{formatDateTime(row.lastReminderAt, lang)}</td>
        </tr>
      )}
    </DataTable>
  );
}
