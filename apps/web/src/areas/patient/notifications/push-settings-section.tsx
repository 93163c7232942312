import './push-texts';
import { useEffect, useId, useState } from 'react';
import { PUSH_EVENTS, type PushEvent, type PushSettings } from '@prsp/contracts';
import { CheckboxField, FormAlert } from '@/components/ui/form-fields';
import { useDeleteSubscription, usePushPublicKey, usePushSettings, useSavePushSettings, useSaveSubscription } from './push-api';
import { currentEndpoint, pushSupported, PushSetupError, subscribeBrowser, unsubscribeBrowser } from './push-browser';
import { useTranslation } from '@/lib/i18n';

type Problem = 'denied' | 'failed' | 'saveFailed' | null;

/** The per-event switches; each change is saved at once and announced. */
function EventSwitches({ settings }: { settings: PushSettings }) {
  const { t } = useTranslation();
  const save = useSavePushSettings();
  const headingId = useId();
  const toggle = (event: PushEvent, on: boolean) => {
    const { newMessage, queueTurn, appointmentSoon } = settings;
    save.mutate({ newMessage, queueTurn, appointmentSoon, [event]: on });
  };
  return (
    <fieldset aria-labelledby={headingId} className="push-events">
      <legend id={headingId}>{t('push.eventsTitle')}</legend>
      <p className="hint">{t('push.eventsHint')}</p>
      {PUSH_EVENTS.map((event) => (
        <CheckboxField
          key={event}
          label={t(`push.${event}`)}
          checked={settings[event]}
          disabled={save.isPending}
          onChange={(on) => toggle(event, on)}
        />
      ))}
      <p role="status" className="hint">
        {save.isSuccess ? t('push.saved') : ''}
      </p>
      <FormAlert message={save.isError ? t('push.saveFailed') : undefined} />
    </fieldset>
  );
}

/**
 * The patient's notification settings (profile page): consent on this device (the browser's permission prompt comes
 * only from the button), withdrawal, and which events to push. Says plainly what a notification shows and what not.
 */
export function PushSettingsSection() {
  const { t } = useTranslation();
  const key = usePushPublicKey();
  const settings = usePushSettings();
  const saveSubscription = useSaveSubscription();
  const deleteSubscription = useDeleteSubscription();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<Problem>(null);
  const [working, setWorking] = useState(false);
  const supported = pushSupported();

  useEffect(() => {
    void currentEndpoint().then(setEndpoint, () => setEndpoint(null));
  }, []);

  const turnOn = async () => {
    if (!key.data?.publicKey) return;
    setProblem(null);
    setWorking(true);
    try {
      const sub = await subscribeBrowser(key.data.publicKey);
      await saveSubscription.mutateAsync(sub);
      setEndpoint(sub.endpoint);
    } catch (err) {
      setProblem(err instanceof PushSetupError ? err.reason : 'saveFailed');
    } finally {
      setWorking(false);
    }
  };

  const turnOff = async () => {
    setProblem(null);
    setWorking(true);
    try {
      const gone = (await unsubscribeBrowser()) ?? endpoint;
      if (gone) await deleteSubscription.mutateAsync(gone).catch(() => undefined);
      setEndpoint(null);
    } catch {
      setProblem('saveFailed');
    } finally {
      setWorking(false);
    }
  };

  const body = () => {
    if (!supported) return <p>{t('push.unsupported')}</p>;
    if (key.isPending || settings.isPending || endpoint === undefined) return <p>{t('push.working')}</p>;
    if (key.data?.publicKey === null) return <p>{t('push.unavailable')}</p>;
    return (
      <>
        <p>{endpoint ? t('push.onHere') : t('push.offHere')}</p>
        {settings.data && settings.data.subscriptions > 0 && (
          <p className="hint">{t('push.devices', { count: settings.data.subscriptions })}</p>
        )}
        <p>
          <button
            type="button"
            className={endpoint ? 'button secondary' : 'button'}
            disabled={working}
            onClick={() => void (endpoint ? turnOff() : turnOn())}
          >
            {working ? t('push.working') : endpoint ? t('push.turnOff') : t('push.turnOn')}
          </button>
        </p>
        <FormAlert message={problem ? t(`push.${problem}`) : undefined} />
        {settings.data && <EventSwitches settings={settings.data} />}
      </>
    );
  };

  return (
    <section className="card push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">{t('push.title')}</h2>
      <p>{t('push.intro')}</p>
      <p className="hint">{t('push.privacy')}</p>
      {body()}
    </section>
  );
}
