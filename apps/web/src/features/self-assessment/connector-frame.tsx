import './connector-frame.css';
import { useEffect, useMemo, useRef } from 'react';
import { connectorAuth, selfAssessmentMetadata, ZStrippedToken } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { acceptConnectorMessage, connectorFrameSetup } from './connector-messages';

/**
 * The health-assessment connector in its frame (spec §7, docs/self-assessment.md). On `init` the patient's stripped
 * token goes back as `Auth`; `completed` and `completedEncrypted` end with the metadata the chat carries; `error`, a
 * failed token or an unusable address end with `onError`. Each ends once: later messages are ignored.
 */
export function ConnectorFrame({
  connectorUrl,
  title,
  onCompleted,
  onError,
}: {
  connectorUrl: string;
  title: string;
  onCompleted: (metadata: Record<string, unknown>) => void;
  onError: () => void;
}) {
  const lang = currentLanguage();
  const setup = useMemo(() => connectorFrameSetup(connectorUrl, window.location.origin, lang), [connectorUrl, lang]);
  const frame = useRef<HTMLIFrameElement>(null);
  // The latest callbacks, without listening afresh (and so dropping a message in between) on every render.
  const handlers = useRef({ onCompleted, onError });
  useEffect(() => {
    handlers.current = { onCompleted, onError };
  });

  useEffect(() => {
    let ended = false;
    const end = (then: () => void) => {
      if (ended) return;
      ended = true;
      then();
    };
    if (!setup) return end(() => handlers.current.onError());
    const listener = (event: MessageEvent) => {
      const message = acceptConnectorMessage(event, frame.current?.contentWindow, setup);
      if (!message || ended) return;
      switch (message.type) {
        case 'init':
          void api('/api/user/stripped-token', ZStrippedToken)
            .then((token) => frame.current?.contentWindow?.postMessage(connectorAuth(token), setup.targetOrigin))
            .catch(() => end(() => handlers.current.onError()));
          return;
        case 'error':
          return end(() => handlers.current.onError());
        default:
          return end(() => handlers.current.onCompleted(selfAssessmentMetadata(message)));
      }
    };
    window.addEventListener('message', listener);
    return () => {
      ended = true;
      window.removeEventListener('message', listener);
    };
  }, [setup]);

  if (!setup) return null;
  return <iframe ref={frame} className="connector-frame" src={setup.src} sandbox={setup.sandbox} title={title} />;
}
