/**
 * What this device remembers about video, in localStorage (prefix `prsp`): the chosen camera, microphone and
 * speaker, and the last device check's result with its date. Nothing here leaves the browser.
 */

export const DEVICE_CHOICE_KEY = 'prsp.video.devices';
export const DEVICE_CHECK_KEY = 'prsp.video.deviceCheck';

export type DeviceKind = 'audioinput' | 'videoinput' | 'audiooutput';
export type DeviceChoice = Partial<Record<DeviceKind, string>>;

export type DeviceCheckResult = {
  camera: 'ok' | 'missing' | 'denied';
  microphone: 'ok' | 'missing' | 'denied';
  /** The user's answer to 'did you hear the sound?' (null: not answered). */
  speaker: boolean | null;
  network: 'works' | 'relayOnly' | 'limited' | 'localOnly' | 'blocked' | 'unknown';
  /** When the check was made (ISO 8601). */
  at: string;
};

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the choice is simply not remembered.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function loadDeviceChoice(): DeviceChoice {
  const v = read(DEVICE_CHOICE_KEY);
  if (!isRecord(v)) return {};
  const out: DeviceChoice = {};
  for (const k of ['audioinput', 'videoinput', 'audiooutput'] as const) if (typeof v[k] === 'string') out[k] = v[k];
  return out;
}

export function saveDeviceChoice(kind: DeviceKind, deviceId: string): void {
  write(DEVICE_CHOICE_KEY, { ...loadDeviceChoice(), [kind]: deviceId });
}

/**
 * The device to use of `kind`: the remembered one while it is still connected, else the first there is
 * (the browser's default), else none.
 */
export function pickDevice(
  devices: readonly { kind: string; deviceId: string }[],
  kind: DeviceKind,
  remembered: DeviceChoice,
): string | null {
  const ofKind = devices.filter((d) => d.kind === kind && d.deviceId !== '');
  const wanted = remembered[kind];
  if (wanted && ofKind.some((d) => d.deviceId === wanted)) return wanted;
  return ofKind[0]?.deviceId ?? null;
}

export function loadDeviceCheck(): DeviceCheckResult | null {
  const v = read(DEVICE_CHECK_KEY);
  if (!isRecord(v) || typeof v.at !== 'string' || typeof v.camera !== 'string' || typeof v.network !== 'string') return null;
  return v as DeviceCheckResult;
}

export function saveDeviceCheck(result: DeviceCheckResult): void {
  write(DEVICE_CHECK_KEY, result);
}

/** Whether a remembered check says this device is ready for video (camera, microphone and network fine). */
export function checkPassed(r: DeviceCheckResult | null): boolean {
  return r !== null && r.camera === 'ok' && r.microphone === 'ok' && (r.network === 'works' || r.network === 'relayOnly');
}
