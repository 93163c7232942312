import './expert-surveys-texts';
import './expert-surveys.css';
import { Navigate, NavLink, useParams, useSearchParams } from 'react-router';
import { FormAlert, SelectField } from '@/components/ui/form-fields';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useExpertSurveys } from './expert-surveys-api';
import { SurveyTable } from './survey-table';
import { SurveyTemplates } from './survey-templates';
import { appointmentsOf, filterOfView, SURVEY_VIEWS, surveyViewOf, type SurveyView } from './surveys-view';

/** The views as links (one route each, so each has its own address and Back works between them). */
function ViewLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('expertSurveys.tabsLabel')}>
      <ul className="survey-views">
        {SURVEY_VIEWS.map((view) => (
          <li key={view}>
            <NavLink to={`/expert/surveys/${view}`}>{t(`expertSurveys.views.${view}`)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Open, answered or forwarded surveys, refreshed every 5 s. */
function SurveyList({ view, caption }: { view: 'open' | 'answered' | 'forwarded'; caption: string }) {
  const { t } = useTranslation();
  const list = useExpertSurveys(filterOfView(view));
  return (
    <>
      <FormAlert message={list.isError ? t('ui.loadError') : undefined} />
      <SurveyTable rows={list.data} failed={list.isError} caption={caption} empty={t(`expertSurveys.none.${view}`)} />
    </>
  );
}

/** The appointment view: the expert picks one of the appointments their surveys belong to, and sees its surveys. */
function AppointmentSurveys({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('id');
  const all = useExpertSurveys(filterOfView('appointment'));
  const ofChosen = useExpertSurveys(filterOfView('appointment', chosen), Boolean(chosen));
  const appointments = appointmentsOf(all.data ?? []);
  const failed = all.isError || ofChosen.isError;
  return (
    <>
      <FormAlert message={failed ? t('ui.loadError') : undefined} />
      {all.data && appointments.length === 0 ? (
        <p className="empty">{t('expertSurveys.noAppointments')}</p>
      ) : (
        <div className="card form">
          <SelectField
            label={t('expertSurveys.appointmentPicker')}
            value={chosen ?? ''}
            placeholder={t('expertSurveys.chooseAppointment')}
            onChange={(id) => setSearch(id ? { id } : {})}
            options={appointments.map((a) => ({ value: a.id, label: `${formatDateTime(a.startTime, lang)} ${a.name}` }))}
          />
        </div>
      )}
      {chosen && (
        <SurveyTable rows={ofChosen.data} failed={ofChosen.isError} caption={caption} empty={t('expertSurveys.none.appointment')} />
      )}
    </>
  );
}

function ViewContent({ view, caption }: { view: SurveyView; caption: string }) {
  if (view === 'templates') return <SurveyTemplates caption={caption} />;
  if (view === 'appointment') return <AppointmentSurveys caption={caption} />;
  return <SurveyList view={view} caption={caption} />;
}

/**
 * `/expert/surveys` with `/open`, `/answered`, `/forwarded`, `/appointment` and `/templates` (spec §2): the expert's
 * surveys by state, those forwarded to them, one appointment's, and the templates they can send. A survey's name
 * opens its answers (`/expert/surveyAnswers`).
 */
export function SurveysPage() {
  const { t } = useTranslation();
  const { '*': path } = useParams();
  const view = surveyViewOf(path);
  const title = view ? `${t('expertSurveys.title')}: ${t(`expertSurveys.views.${view}`)}` : t('expertSurveys.title');
  usePageTitle(title);
  if (!view) return <Navigate to="/expert/surveys/open" replace />;
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      <ViewLinks />
      <ViewContent key={view} view={view} caption={title} />
    </div>
  );
}
