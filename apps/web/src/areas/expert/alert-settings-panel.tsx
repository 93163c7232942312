import './alert-settings-panel.css';
import { useId, useRef, useState } from 'react';
import { CheckboxField } from '@/components/ui/form-fields';
import { useTranslation } from '@/lib/i18n';
import { setAlertSettings, useAlertSettings } from './alert-settings';
import { notificationPermission } from './desk-notifications';

/**
 * The expert's sounds and notifications (issue 32, point 4), behind a button on the desk: mute the arrival chime,
 * its volume, and browser notifications. The browser's permission is asked only when the expert presses 'Allow'.
 * Kept on this device (alert-settings.ts). A native checkbox and range input, labelled; Escape closes the panel.
 */
export function AlertSettingsPanel() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useAlertSettings();
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(notificationPermission);
  const button = useRef<HTMLButtonElement>(null);
  const percent = Math.round(settings.volume * 100);

  const allow = () => {
    if (typeof Notification === 'undefined') return;
    void Notification.requestPermission().then((answer) => {
      setPermission(answer);
      if (answer === 'granted') setAlertSettings({ notify: true });
    });
  };

  return (
    <div className="alert-settings">
      <button
        ref={button}
        type="button"
        className="button secondary small"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        {t('expertAlerts.button')}
      </button>
      <section
        id={`${id}-panel`}
        className="alert-settings-panel card"
        aria-labelledby={`${id}-title`}
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          setOpen(false);
          button.current?.focus();
        }}
      >
        <h2 id={`${id}-title`}>{t('expertAlerts.title')}</h2>
        <p className="hint">{t('expertAlerts.hint')}</p>
        <CheckboxField label={t('expertAlerts.mute')} checked={settings.muted} onChange={(muted) => setAlertSettings({ muted })} />
        <div className="field">
          <label htmlFor={`${id}-volume`}>{t('expertAlerts.volume')}</label>
          <div className="alert-volume">
            <input
              id={`${id}-volume`}
              type="range"
              min={0}
              max={100}
              step={10}
              value={percent}
              disabled={settings.muted}
              aria-valuetext={t('expertAlerts.volumeValue', { value: percent })}
              onChange={(e) => setAlertSettings({ volume: Number(e.target.value) / 100 })}
            />
            <output htmlFor={`${id}-volume`}>{t('expertAlerts.volumeValue', { value: percent })}</output>
          </div>
        </div>
        <h3>{t('expertAlerts.notifications')}</h3>
        <p className="hint">{t('expertAlerts.notificationsHint')}</p>
        {permission === 'unsupported' && <p>{t('expertAlerts.unsupported')}</p>}
        {permission === 'denied' && <p>{t('expertAlerts.denied')}</p>}
        {permission === 'default' && (
          <button type="button" className="button secondary" onClick={allow}>
            {t('expertAlerts.allow')}
          </button>
        )}
        {permission === 'granted' && (
          <>
            <p role="status">{t('expertAlerts.allowed')}</p>
            <CheckboxField
              label={t('expertAlerts.enabled')}
              checked={settings.notify}
              onChange={(notify) => setAlertSettings({ notify })}
            />
          </>
        )}
        <button
          type="button"
          className="button link"
          onClick={() => {
            setOpen(false);
            button.current?.focus();
          }}
        >
          {t('expertAlerts.close')}
        </button>
      </section>
    </div>
  );
}
