import { useState, type FormEvent } from 'react';
import { ZExpertSearchQuery } from '@prsp/contracts';
import { FormAlert, FormField } from '@/components/ui/form-fields';
import { Loading } from '@/components/route-fallbacks';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useSpecializationNames } from '@/features/staff/specialization-names';
import { useExpertSearch } from './expert-messaging-api';
import { useTranslation } from '@/lib/i18n';

/**
 * A colleague finder beside the expert's messaging (spec §7 `experts/list`): by name and by specialisation, the
 * organisation's experts who handle messages, so the expert can tell a patient whom to write to.
 */
export function ExpertSearch() {
  const { t } = useTranslation();
  const specializationNames = useSpecializationNames();
  type Query = { searchQuery: string; specialization: string };
  const form = useZodForm<Query>({
    schema: ZExpertSearchQuery,
    defaultValues: { searchQuery: '', specialization: '' },
    toBody: (typed) => ({ searchQuery: typed.searchQuery.trim().slice(0, 200), specialization: typed.specialization.trim().slice(0, 200) }),
  });
  const typed = form.values;
  const [applied, setApplied] = useState<Query | null>(null);
  const search = useExpertSearch(applied?.searchQuery ?? '', applied?.specialization ?? '', applied !== null);

  const submit = (e: FormEvent) => form.submit(e, setApplied);

  const experts = search.data?.experts;
  return (
    <section className="card" aria-labelledby="expert-search-heading">
      <h2 id="expert-search-heading">{t('expert.messages.experts.title')}</h2>
      <p className="muted">{t('expert.messages.experts.intro')}</p>
      <form role="search" className="form" noValidate onSubmit={submit} aria-labelledby="expert-search-heading">
        <div className="form-grid">
          <FormField label={t('expert.messages.experts.searchQuery')}>
            {(control) => (
              <input
                {...control}
                type="search"
                maxLength={200}
                value={typed.searchQuery}
                onChange={(e) => form.set('searchQuery', e.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('expert.messages.experts.specialization')}>
            {(control) => (
              <input
                {...control}
                type="search"
                maxLength={200}
                value={typed.specialization}
                onChange={(e) => form.set('specialization', e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="actions">
          <button type="submit" className="button secondary">
            {t('expert.messages.experts.search')}
          </button>
        </div>
      </form>
      <FormAlert message={search.isError ? t('ui.loadError') : undefined} />
      {applied && search.isPending && <Loading />}
      <div aria-live="polite">
        {experts && experts.length === 0 && <p className="empty">{t('expert.messages.experts.none')}</p>}
        {experts && experts.length > 0 && (
          <ul className="expert-results" aria-label={t('expert.messages.experts.results', { count: experts.length })}>
            {experts.map((expert) => (
              <li key={expert.id}>
                <strong>{expert.name}</strong>
                {specializationNames(expert.specializations) && (
                  <span className="muted"> – {specializationNames(expert.specializations)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
