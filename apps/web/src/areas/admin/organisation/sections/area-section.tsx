import { useId, useState } from 'react';
import { useFieldText } from '@/lib/field-text';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useMunicipalities } from '../organisation-api';
import type { Editor } from '../organisation-editor';

/** Postal codes as typed: separated by commas, spaces or new lines. */
export function parsePostalCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** Spec §2 'service area (municipality or postal code)'. */
export function AreaSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const lang = currentLanguage();
  const municipalities = useMunicipalities();
  const areas = editor.draft.json.areas;
  const [postalText, setPostalText] = useState(areas.postalCodes.join(', '));
  const [adding, setAdding] = useState('');
  const selectId = useId();
  const postalId = useId();
  const names = new Map((municipalities.data ?? []).map((c) => [c.id, c.cityName[lang] || c.name]));
  const postalError = Object.entries(editor.errors).find(([k, v]) => k.startsWith('areas.postalCodes') && v)?.[1];
  const municipalityError = Object.entries(editor.errors).find(([k, v]) => k.startsWith('areas.municipalities') && v)?.[1];

  return (
    <section className="card" aria-labelledby="org-area">
      <h2 id="org-area">{t('admin.org.area.title')}</h2>
      <p>{t('admin.org.area.text')}</p>
      <fieldset disabled={editor.readOnly} className="form">
        <legend>{t('admin.org.area.municipalities')}</legend>
        {areas.municipalities.length === 0 ? (
          <p className="hint">{t('admin.org.area.noMunicipalities')}</p>
        ) : (
          <ul className="chip-list">
            {areas.municipalities.map((code) => (
              <li key={code}>
                {names.get(code) ?? code}
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={t('admin.org.area.removeNamed', { name: names.get(code) ?? code })}
                  onClick={() => editor.setJson('areas', { ...areas, municipalities: areas.municipalities.filter((m) => m !== code) })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="field inline-add">
          <label htmlFor={selectId}>{t('admin.org.area.addMunicipality')}</label>
          <div className="actions">
            <select
              id={selectId}
              value={adding}
              aria-invalid={municipalityError ? true : undefined}
              aria-describedby={municipalityError ? `${selectId}-error` : undefined}
              onChange={(e) => setAdding(e.target.value)}
            >
              <option value="">{t('admin.org.area.choose')}</option>
              {(municipalities.data ?? [])
                .filter((c) => !areas.municipalities.includes(c.id))
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.cityName[lang] || c.name}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="button secondary"
              disabled={!adding}
              onClick={() => {
                editor.setJson('areas', { ...areas, municipalities: [...areas.municipalities, adding] });
                setAdding('');
              }}
            >
              {t('staff.add')}
            </button>
          </div>
          {municipalityError && (
            <p id={`${selectId}-error`} className="field-error">
              {fieldText(municipalityError)}
            </p>
          )}
        </div>
      </fieldset>
      <fieldset disabled={editor.readOnly} className="form">
        <legend>{t('admin.org.area.postalCodes')}</legend>
        <div className={`field${postalError ? ' has-error' : ''}`}>
          <label htmlFor={postalId}>{t('admin.org.area.postalCodesLabel')}</label>
          <p id={`${postalId}-hint`} className="hint">
            {t('admin.org.area.postalCodesHint')}
          </p>
          <textarea
            id={postalId}
            rows={3}
            value={postalText}
            aria-invalid={postalError ? true : undefined}
            aria-describedby={`${postalId}-hint${postalError ? ` ${postalId}-error` : ''}`}
            onChange={(e) => {
              setPostalText(e.target.value);
              editor.setJson('areas', { ...areas, postalCodes: parsePostalCodes(e.target.value) });
            }}
          />
          {postalError && (
            <p id={`${postalId}-error`} className="field-error">
              {fieldText(postalError)}
            </p>
          )}
        </div>
      </fieldset>
    </section>
  );
}
