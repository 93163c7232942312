import { useEffect, useId, useState } from 'react';
import { IMAGE_RULES, type OrganisationImageKind } from '@prsp/contracts';
import { useFieldText } from '@/lib/field-text';
import { TextField } from '@/components/ui/form-fields';
import { contrastRatio, textOn } from '../theme-colours';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '@/lib/i18n';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A data URL of a chosen file for previews (read asynchronously; nothing to release afterwards). */
function useObjectUrl(file: File | undefined): string | undefined {
  const [read, setRead] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setRead({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && read?.file === file ? read.url : undefined;
}

function ColourField({ editor, field, label }: { editor: Editor; field: 'primaryColor' | 'secondaryColor'; label: string }) {
  const { t } = useTranslation();
  const value = editor.draft.text[field];
  return (
    <div className="colour-field">
      <TextField
        label={label}
        hint={t('admin.org.brand.hexHint')}
        value={value}
        onChange={(v) => editor.setText(field, v)}
        error={editor.errors[field]}
        required
      />
      <input
        type="color"
        aria-label={t('admin.org.brand.pick', { field: label })}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        disabled={editor.readOnly}
        onChange={(e) => editor.setText(field, e.target.value)}
      />
    </div>
  );
}

function ImageField({
  editor,
  kind,
  label,
  currentUrl,
}: {
  editor: Editor;
  kind: OrganisationImageKind;
  label: string;
  currentUrl: string | null;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const id = useId();
  const file = editor.draft.files[kind];
  const chosenUrl = useObjectUrl(file);
  const removed = kind === 'background' && editor.draft.removeBackground;
  const shown = chosenUrl ?? (removed ? undefined : (currentUrl ?? undefined));
  const rule = IMAGE_RULES[kind];
  const error = editor.errors[kind];
  return (
    <div className={`field image-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="hint">
        {t('admin.org.brand.imageHint', { width: rule.width, height: rule.height })}
      </p>
      {shown && <img src={shown} alt={t('admin.org.brand.current', { field: label })} width={rule.width > 400 ? 380 : rule.width} />}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={editor.readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => void editor.setFile(kind, e.target.files?.[0])}
      />
      {kind === 'background' && (currentUrl || file) && !removed && (
        <button
          type="button"
          className="button small secondary"
          disabled={editor.readOnly}
          onClick={() => {
            void editor.setFile('background', undefined);
            editor.setRemoveBackground(true);
          }}
        >
          {t('admin.org.brand.removeBackground')}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {fieldText(error)}
        </p>
      )}
    </div>
  );
}

/** A live preview of the patient's header and buttons with the colours and logo as they are now in the form. */
function ThemePreview({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const primary = HEX.test(editor.draft.text.primaryColor) ? editor.draft.text.primaryColor : '#0b4f8a';
  const background = HEX.test(editor.draft.text.secondaryColor) ? editor.draft.text.secondaryColor : '#f2f6fa';
  const logo = useObjectUrl(editor.draft.files.logo) ?? editor.organisation?.images.logo ?? undefined;
  const backgroundFile = useObjectUrl(editor.draft.files.background);
  const backgroundImage = editor.draft.removeBackground
    ? undefined
    : (backgroundFile ?? editor.organisation?.images.background ?? undefined);
  const onPrimary = textOn(primary);
  const lowContrast = contrastRatio(primary, background) < 3;
  return (
    <figure className="theme-preview" aria-labelledby="theme-preview-caption">
      <figcaption id="theme-preview-caption" className="visually-hidden">
        {t('admin.org.brand.preview')}
      </figcaption>
      <div className="preview-header" style={{ background: primary, color: onPrimary }}>
        {logo ? <img src={logo} alt={t('admin.org.brand.previewLogo')} /> : <strong>{editor.draft.text.organizationName || 'PRSP'}</strong>}
        <span>{t('admin.org.brand.previewMenu')}</span>
      </div>
      <div
        className="preview-body"
        style={{
          background: backgroundImage ? `${background} url("${backgroundImage}") center / cover` : background,
          color: textOn(background),
        }}
      >
        <span className="preview-button" style={{ background: primary, borderColor: primary, color: onPrimary }}>
          {t('admin.org.brand.previewPrimary')}
        </span>
        <span className="preview-button" style={{ background: '#ffffff', borderColor: primary, color: primary }}>
          {t('admin.org.brand.previewSecondary')}
        </span>
      </div>
      {lowContrast && <p className="hint preview-note">{t('admin.org.brand.lowContrast')}</p>}
    </figure>
  );
}

/** Spec §2 'brand and interface': colours, logos per language, background, with a live preview. */
export function BrandSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const images = editor.organisation?.images;
  return (
    <section className="card" aria-labelledby="org-brand">
      <h2 id="org-brand">{t('admin.org.brand.title')}</h2>
      <div className="editor-layout">
        <fieldset disabled={editor.readOnly} className="form">
          <legend>{t('admin.org.brand.colours')}</legend>
          <ColourField editor={editor} field="primaryColor" label={t('admin.org.brand.primary')} />
          <ColourField editor={editor} field="secondaryColor" label={t('admin.org.brand.secondary')} />
        </fieldset>
        <div>
          <h3>{t('admin.org.brand.preview')}</h3>
          <ThemePreview editor={editor} />
        </div>
      </div>
      <fieldset className="form">
        <legend>{t('admin.org.brand.images')}</legend>
        <ImageField editor={editor} kind="logo" label={t('admin.org.brand.logo')} currentUrl={images?.logo ?? null} />
        <ImageField editor={editor} kind="logoSe" label={t('admin.org.brand.logoSe')} currentUrl={images?.logoSe ?? null} />
        <ImageField editor={editor} kind="logoEn" label={t('admin.org.brand.logoEn')} currentUrl={images?.logoEn ?? null} />
        <ImageField editor={editor} kind="background" label={t('admin.org.brand.background')} currentUrl={images?.background ?? null} />
      </fieldset>
    </section>
  );
}
