import { useState } from 'react';
import type { OrganisationRef } from '@prsp/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { PresetAndRights } from './rights-editor';
import type { Membership } from './user-form-model';
import { useTranslation } from '@/lib/i18n';

/** Global user management: the organisations a member of staff administers, each with its own preset and rights. */
export function MembershipsEditor({
  memberships,
  organisations,
  onChange,
}: {
  memberships: Membership[];
  organisations: OrganisationRef[];
  onChange: (memberships: Membership[]) => void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const orgName = (id: string) => organisations.find((o) => o.id === id)?.name ?? id;
  return (
    <fieldset className="form">
      <legend>{t('admin.users.memberships')}</legend>
      {memberships.length === 0 && <p className="hint">{t('admin.users.noMemberships')}</p>}
      {memberships.map((m, i) => (
        <div key={m.organisationId} className="repeat-item">
          <h4>{orgName(m.organisationId)}</h4>
          <PresetAndRights
            idPrefix={`m${i}`}
            preset={m.preset}
            rights={m.rights}
            onChange={(preset, rights) =>
              onChange(memberships.map((x) => (x.organisationId === m.organisationId ? { ...x, preset, rights } : x)))
            }
          />
          <div>
            <button
              type="button"
              className="button small secondary"
              onClick={() => onChange(memberships.filter((x) => x.organisationId !== m.organisationId))}
            >
              {t('admin.users.removeMembership', { name: orgName(m.organisationId) })}
            </button>
          </div>
        </div>
      ))}
      <div className="actions">
        <SelectField
          label={t('admin.users.addMembership')}
          value={adding}
          placeholder={t('admin.users.chooseOrganisation')}
          onChange={setAdding}
          options={organisations
            .filter((o) => !memberships.some((m) => m.organisationId === o.id))
            .map((o) => ({ value: o.id, label: o.name }))}
        />
        <button
          type="button"
          className="button secondary"
          disabled={!adding}
          onClick={() => {
            onChange([...memberships, { organisationId: adding, preset: 'organisationAdmin', rights: undefined }]);
            setAdding('');
          }}
        >
          {t('staff.add')}
        </button>
      </div>
    </fieldset>
  );
}
