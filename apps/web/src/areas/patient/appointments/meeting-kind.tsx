import { Link } from 'react-router';
import type { MeetingKind } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';

/** Simple shapes for the kinds; decoration only, the text beside them says the kind. */
const PATHS: Record<MeetingKind, string> = {
  // A speech bubble.
  chat: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
  // A camera.
  video: 'M3 6h12a1 1 0 0 1 1 1v3l5-3v10l-5-3v3a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z',
  // Two people.
  group:
    'M8 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm8 1a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM2 20v-3a6 6 0 0 1 12 0v3zm13 0v-3c0-1.5-.4-2.8-1.1-3.9A5 5 0 0 1 22 17v3z',
  // A camera, as for video.
  groupVideo: 'M3 6h12a1 1 0 0 1 1 1v3l5-3v10l-5-3v3a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z',
};

/**
 * How an appointment or a free time is held (issue 29: chat, video or group), as an icon and words, the same on
 * every patient page: the slot list, the confirmation, the success page, the lists and the modal.
 */
export function MeetingKindLabel({ kind }: { kind: MeetingKind }) {
  const { t } = useTranslation();
  return (
    <span className="meeting-kind" data-kind={kind}>
      <svg className="meeting-kind-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={PATHS[kind]} />
      </svg>
      {t(`appointment.kinds.${kind}`)}
    </span>
  );
}

/** The way to the device check (camera, microphone, connection) ahead of a video appointment. */
export function DeviceCheckLink() {
  const { t } = useTranslation();
  return (
    <p className="device-check-link">
      <Link to="/device-check">{t('appointment.deviceCheck')}</Link>
    </p>
  );
}
