import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ALWAYS_OPEN,
  OPEN_TIME_KINDS,
  SELF_ASSESSMENT_MODES,
  ZServiceInput,
  type AdminOrganisation,
  type AdminServiceDetail,
  type OpeningHours,
  type ServiceInput,
  type StaffUserData,
  type WhenNobodyOnDuty,
} from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { saveFailureKey } from '@/lib/form-errors';
import { CheckboxField, FormAlert, SelectField } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useZodForm } from '@/features/staff/use-zod-form';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { serviceAreaOptions } from '../organisation/area-labels';
import { useAdminOrganisation, useMunicipalities, useServiceIcons } from '../organisation/organisation-api';
import { focusFirstInvalid } from '../organisation/organisation-editor';
import { ChatQueueField } from './chat-queue-field';
import { SurveyAttachmentsField } from '../surveys/survey-attachments-field';
import { OpeningHoursFieldset } from './opening-hours-fieldset';
import { WhenNobodyOnDutyField } from './when-nobody-on-duty-field';
import { hoursToSend } from './opening-hours-form';
import { useAdminService, useDeleteService, useSaveService, useServiceChatQueues } from './services-api';

/** The form's state: the service input with its queue's opening hours always present. */
type ServiceDraft = ServiceInput & { openingHours: OpeningHours; whenNobodyOnDuty: WhenNobodyOnDuty };

function initialInput(service: AdminServiceDetail | undefined): ServiceDraft {
  return {
    name: service?.name ?? { fi: '', se: '', en: '' },
    description: service?.description ?? { fi: '', se: '', en: '' },
    icon: service?.icon ?? ('' as ServiceInput['icon']),
    chatQueueId: service?.chatQueueId ?? '',
    createQueue: false,
    requiresCode: service?.requiresCode ?? false,
    selfAssessment: service?.selfAssessment ?? 'none',
    openTimeKind: service?.openTimeKind ?? 'chat',
    areas: service?.areas ?? [],
    openingHours: service?.openingHours ?? ALWAYS_OPEN,
    whenNobodyOnDuty: service?.whenNobodyOnDuty ?? 'wait',
    surveys: service?.surveys ?? [],
  };
}

function ServiceForm({
  service,
  organisation,
  canEdit,
}: {
  service?: AdminServiceDetail;
  organisation: AdminOrganisation;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const icons = useServiceIcons();
  const queues = useServiceChatQueues();
  const save = useSaveService();
  const remove = useDeleteService();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => initialInput(service));
  const form = useZodForm<ServiceDraft, ServiceInput>({
    schema: ZServiceInput,
    defaultValues: initial,
    toBody: (input) => ({
      ...input,
      chatQueueId: input.createQueue ? undefined : input.chatQueueId?.trim(),
      openingHours: hoursToSend(initial.openingHours, input.openingHours, input.createQueue === true),
    }),
  });
  const { values: input, errors, set } = form;
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Leave only after the render that knows the form is saved, so the unsaved-changes guard lets it go.
  const [leaveTo, setLeaveTo] = useState<string>();
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);
  const dirty = form.dirty && !leaveTo;
  const municipalities = useMunicipalities();
  const areaOptions = serviceAreaOptions(organisation.areas, municipalities.data, currentLanguage(), (code) =>
    t('admin.service.postalCodeArea', { code }),
  );

  const submit = (e: FormEvent) =>
    form.submit(
      e,
      (body) =>
        save.mutate(
          { id: service?.id, body },
          {
            onSuccess: () => {
              showToast(t(service ? 'admin.service.saved' : 'admin.service.created'));
              setLeaveTo('/admin/organization');
            },
            onError: form.showServerErrors,
          },
        ),
      focusFirstInvalid,
    );

  const failureKey = saveFailureKey(save.error ?? remove.error);
  return (
    <form ref={formRef} className="section-stack" noValidate onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <div className="page-head">
        <h1>{t(service ? 'admin.service.editTitle' : 'admin.service.addTitle')}</h1>
      </div>
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={failureKey ? t(failureKey) : undefined} />
      <section className="card form">
        <LocalizedFields
          legend={t('admin.service.name')}
          value={input.name}
          onChange={(v) => set('name', v)}
          errors={errors}
          path="name"
          disabled={!canEdit}
        />
        <LocalizedFields
          legend={t('admin.service.description')}
          multiline
          rows={3}
          value={input.description}
          onChange={(v) => set('description', v)}
          errors={errors}
          path="description"
          disabled={!canEdit}
        />
        <fieldset disabled={!canEdit} className="form-grid">
          <legend className="visually-hidden">{t('admin.service.settings')}</legend>
          <SelectField
            label={t('admin.service.icon')}
            value={input.icon}
            placeholder={t('admin.service.chooseIcon')}
            onChange={(v) => set('icon', v as ServiceInput['icon'])}
            error={errors.icon}
            options={(icons.data ?? []).map((i) => ({ value: i.id, label: i.label[lang] }))}
            required
          />
          <SelectField
            label={t('admin.service.selfAssessment')}
            hint={organisation.flags.htaConnectorEnabled ? undefined : t('admin.service.selfAssessmentOff')}
            value={input.selfAssessment}
            disabled={!organisation.flags.htaConnectorEnabled}
            onChange={(v) => set('selfAssessment', v as ServiceInput['selfAssessment'])}
            options={SELF_ASSESSMENT_MODES.map((m) => ({ value: m, label: t(`admin.service.selfAssessmentModes.${m}`) }))}
          />
          <SelectField
            label={t('admin.service.openTimeKind')}
            hint={t('admin.service.openTimeKindHint')}
            value={input.openTimeKind ?? 'chat'}
            onChange={(v) => set('openTimeKind', v as ServiceInput['openTimeKind'])}
            error={errors.openTimeKind}
            options={OPEN_TIME_KINDS.map((k) => ({ value: k, label: t(`admin.service.openTimeKinds.${k}`) }))}
          />
        </fieldset>
        <fieldset disabled={!canEdit} className="form">
          <legend>{t('admin.service.chat')}</legend>
          <CheckboxField
            label={t('admin.service.createQueue')}
            checked={input.createQueue === true}
            onChange={(v) => set('createQueue', v)}
          />
          {!input.createQueue && (
            <ChatQueueField
              label={t('admin.service.queue')}
              queues={queues.data}
              value={input.chatQueueId}
              onChange={(v) => set('chatQueueId', v)}
              error={errors.chatQueueId}
            />
          )}
          <CheckboxField
            label={t('admin.service.requiresCode')}
            hint={t('admin.service.requiresCodeHint')}
            checked={input.requiresCode}
            onChange={(v) => set('requiresCode', v)}
          />
        </fieldset>
        <OpeningHoursFieldset value={input.openingHours} onChange={(v) => set('openingHours', v)} errors={errors} disabled={!canEdit} />
        <WhenNobodyOnDutyField value={input.whenNobodyOnDuty} onChange={(v) => set('whenNobodyOnDuty', v)} disabled={!canEdit} />
        <SurveyAttachmentsField value={input.surveys ?? []} onChange={(v) => set('surveys', v)} errors={errors} disabled={!canEdit} />
        <fieldset disabled={!canEdit}>
          <legend>{t('admin.service.areas')}</legend>
          <p className="hint">{t('admin.service.areasHint')}</p>
          {areaOptions.length === 0 ? (
            <p>{t('admin.service.noAreas')}</p>
          ) : (
            <div className="form-grid">
              {areaOptions.map(({ code, label }) => (
                <CheckboxField
                  key={code}
                  label={label}
                  checked={input.areas.includes(code)}
                  onChange={(on) => set('areas', on ? [...input.areas, code] : input.areas.filter((a) => a !== code))}
                />
              ))}
            </div>
          )}
        </fieldset>
      </section>
      {canEdit && (
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('staff.save')}
          </button>
          {service && (
            <button type="button" className="button danger" onClick={() => setConfirmDelete(true)}>
              {t('admin.service.delete')}
            </button>
          )}
        </div>
      )}
      {service && (
        <ConfirmDialog
          open={confirmDelete}
          title={t('admin.service.deleteTitle')}
          text={<p>{t('admin.service.deleteText', { name: service.name[lang] })}</p>}
          confirmLabel={t('admin.service.delete')}
          danger
          busy={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(service.id, {
              onSuccess: () => {
                setConfirmDelete(false);
                showToast(t('admin.service.deleted'));
                setLeaveTo('/admin/organization');
              },
              onError: () => setConfirmDelete(false),
            })
          }
        />
      )}
    </form>
  );
}

/** `/admin/addEditService` (`?id=` to edit): spec §3 'Service' and §5. */
export function AddEditServicePage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  usePageTitle(t(id ? 'admin.service.editTitle' : 'admin.service.addTitle'));
  const service = useAdminService(id);
  const organisation = useAdminOrganisation(user.organisation?.id);
  if (service.isError || organisation.isError) return <FormAlert message={t('staff.loadError')} />;
  if ((id && !service.data) || !organisation.data) return <Loading />;
  return (
    <ServiceForm key={id ?? 'new'} service={service.data} organisation={organisation.data} canEdit={user.rights.serviceSettings.edit} />
  );
}
