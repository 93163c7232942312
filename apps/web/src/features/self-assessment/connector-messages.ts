import { languageTag, ZConnectorMessage, type ConnectorMessage, type Language } from '@prsp/contracts';

/**
 * How the app frames the connector's page and whom it talks to (docs/self-assessment.md). A connector on another
 * origin keeps its own origin (`allow-same-origin` gives it nothing of ours) so its messages name that origin and
 * our Auth goes to that origin only. The built-in one is on our own origin, so it is framed without same-origin
 * (else it could reach into the app): its messages then arrive from the opaque origin `null`, and Auth can only be
 * posted with `*`, to the frame's own window. That window cannot have been navigated elsewhere meanwhile: the app's
 * CSP (`frame-src`) lets frames load our origin and the configured connector's only.
 */
export type ConnectorFrameSetup = {
  /** The frame's address, with the patient's language as `lang`. */
  src: string;
  sandbox: string;
  /** The origin messages must come from. */
  messageOrigin: string;
  /** Where the Auth reply is posted. */
  targetOrigin: string;
};

/** The setup for the configured connector address (absolute, or a path on our origin); null for anything but http(s). */
export function connectorFrameSetup(connectorUrl: string, appOrigin: string, lang: Language): ConnectorFrameSetup | null {
  let url: URL;
  try {
    url = new URL(connectorUrl, appOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('lang', languageTag(lang));
  const ours = url.origin === appOrigin;
  return {
    src: url.toString(),
    sandbox: ours ? 'allow-scripts allow-forms' : 'allow-scripts allow-forms allow-same-origin',
    messageOrigin: ours ? 'null' : url.origin,
    targetOrigin: ours ? '*' : url.origin,
  };
}

/**
 * A message from the connector's frame, or null when it is not one to act on: it must come from the frame's own
 * window, from the origin the setup expects, and fit the protocol's schema.
 */
export function acceptConnectorMessage(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  frameWindow: MessageEventSource | null | undefined,
  setup: Pick<ConnectorFrameSetup, 'messageOrigin'>,
): ConnectorMessage | null {
  if (!frameWindow || event.source !== frameWindow || event.origin !== setup.messageOrigin) return null;
  const parsed = ZConnectorMessage.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}
