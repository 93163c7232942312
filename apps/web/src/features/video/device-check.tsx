import './video-texts';
import './video.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { checkPassed, loadDeviceCheck, loadDeviceChoice, saveDeviceCheck, type DeviceCheckResult } from './device-memory';
import { fetchIceServers } from './video-api';
import { candidateType, connectivityVerdict, type CandidateKinds } from './video-rules';

/** How long the network test gathers ICE candidates. */
const GATHER_MS = 5_000;

type DeviceState = 'ok' | 'missing' | 'denied';
const deviceState = (err: unknown): DeviceState =>
  err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError') ? 'denied' : 'missing';

/**
 * Gathers ICE candidates through the configured STUN/TURN servers for a few seconds and reports which kinds
 * came: local (host), public (srflx, through STUN) and relayed (through TURN).
 */
export async function gatherCandidates(iceServers: RTCIceServer[], ms = GATHER_MS): Promise<CandidateKinds> {
  const found: CandidateKinds = { host: false, srflx: false, relay: false };
  const pc = new RTCPeerConnection({ iceServers });
  try {
    pc.createDataChannel('check');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      pc.onicecandidate = ({ candidate }) => {
        if (!candidate) {
          clearTimeout(timer);
          resolve();
          return;
        }
        const kind = candidateType(candidate.candidate);
        if (kind) found[kind] = true;
      };
      void pc
        .createOffer()
        .then((o) => pc.setLocalDescription(o))
        .catch(() => resolve());
    });
  } finally {
    pc.close();
  }
  return found;
}

function playTone(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 440;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.25, ctx.currentTime + 0.05);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 1.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 1.25);
    osc.onended = () => void ctx.close();
  } catch {
    // No audio in this browser: the user answers 'no'.
  }
}

/** The microphone's level (0 to 1) from an AnalyserNode, about ten times a second. */
function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const data = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += ((v - 128) / 128) ** 2;
      setLevel(Math.min(1, Math.sqrt(sum / data.length) * 4));
    }, 100);
    return () => {
      clearInterval(timer);
      void ctx.close();
    };
  }, [stream]);
  return level;
}

type Network = { kinds: CandidateKinds | null; verdict: DeviceCheckResult['network'] } | 'testing' | null;

/** The verdicts that mean a call can reach people outside this network. */
const REACHES_OUT: readonly DeviceCheckResult['network'][] = ['works', 'relayOnly'];

/**
 * The network test's result in plain words: the verdict (a warning unless a call can get out of this network), then
 * which ways out were tried and whether each worked: within this network (local), straight over the internet
 * (a public address through STUN) and through our server (a TURN relay).
 */
export function NetworkResult({ kinds, verdict }: { kinds: CandidateKinds | null; verdict: DeviceCheckResult['network'] }) {
  const { t } = useTranslation();
  const paths =
    kinds &&
    ([
      ['local', kinds.host],
      ['direct', kinds.srflx],
      ['relay', kinds.relay],
    ] as const);
  return (
    <>
      <p className={`device-check-verdict ${REACHES_OUT.includes(verdict) ? 'ok' : 'bad'}`}>{t(`video.check.verdict.${verdict}`)}</p>
      {paths && (
        <ul className="device-check-paths muted">
          {paths.map(([path, worked]) => (
            <li key={path}>
              {t(`video.check.paths.${path}`)}: {t(worked ? 'video.check.pathWorked' : 'video.check.pathFailed')}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The device and network check: camera preview, microphone level, a test sound with 'did you hear it?', and a
 * network test through the configured STUN/TURN servers, each with a plain verdict and what to do. The result
 * is remembered on this device with its date. `compact`: the waiting room's short version (no heading of its own).
 */
export function DeviceCheck({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [remembered] = useState(loadDeviceCheck);
  const [running, setRunning] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [camera, setCamera] = useState<DeviceState | null>(null);
  const [microphone, setMicrophone] = useState<DeviceState | null>(null);
  const [speaker, setSpeaker] = useState<boolean | null>(null);
  const [played, setPlayed] = useState(false);
  const [network, setNetwork] = useState<Network>(null);
  const video = useRef<HTMLVideoElement>(null);
  const level = useMicLevel(stream);
  const id = useId();

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream, camera]);
  useEffect(() => () => stream?.getTracks().forEach((tr) => tr.stop()), [stream]);

  // The result is remembered once every part has an answer (the speaker's may come later and updates it).
  useEffect(() => {
    if (!camera || !microphone || !network || network === 'testing') return;
    const result: DeviceCheckResult = { camera, microphone, speaker, network: network.verdict, at: new Date().toISOString() };
    saveDeviceCheck(result);
  }, [camera, microphone, speaker, network]);

  const start = async () => {
    setRunning(true);
    setCamera(null);
    setMicrophone(null);
    setSpeaker(null);
    setPlayed(false);
    setNetwork('testing');
    const choice = loadDeviceChoice();
    const tracks: MediaStreamTrack[] = [];
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: choice.videoinput ? { deviceId: choice.videoinput } : true });
      tracks.push(...s.getTracks());
      setCamera('ok');
    } catch (err) {
      setCamera(navigator.mediaDevices ? deviceState(err) : 'missing');
    }
    try {
      const s = await navigator.mediaDevices.getUserMedia({ audio: choice.audioinput ? { deviceId: choice.audioinput } : true });
      tracks.push(...s.getTracks());
      setMicrophone('ok');
    } catch (err) {
      setMicrophone(navigator.mediaDevices ? deviceState(err) : 'missing');
    }
    setStream(tracks.length > 0 ? new MediaStream(tracks) : null);
    try {
      const ice = await fetchIceServers();
      const kinds = await gatherCandidates(ice.iceServers as RTCIceServer[]);
      const urls = ice.iceServers.flatMap((s) => s.urls);
      const configured = { stun: urls.some((u) => u.startsWith('stun')), turn: urls.some((u) => u.startsWith('turn')) };
      setNetwork({ kinds, verdict: connectivityVerdict(kinds, configured) });
    } catch {
      setNetwork({ kinds: null, verdict: 'unknown' });
    }
  };

  const done = camera && microphone && network && network !== 'testing';
  const H = compact ? 'h3' : 'h2';

  return (
    <div className={`device-check${compact ? ' device-check-compact' : ''}`}>
      {remembered && !running && (
        <p className={`device-check-verdict ${checkPassed(remembered) ? 'ok' : 'bad'}`}>
          {checkPassed(remembered) ? t('video.check.ready') : t('video.check.notReady')}{' '}
          <span className="muted">{t('video.check.remembered', { date: formatDateTime(Date.parse(remembered.at), lang) })}</span>
        </p>
      )}
      {!running ? (
        <button type="button" className="button" onClick={() => void start()}>
          {remembered ? t('video.check.again') : t('video.check.start')}
        </button>
      ) : (
        <>
          <section aria-labelledby={`${id}-camera`}>
            <H id={`${id}-camera`}>{t('video.check.camera')}</H>
            {camera === 'ok' && (
              <video ref={video} className="device-check-preview" autoPlay playsInline muted aria-label={t('video.check.cameraPreview')} />
            )}
            {camera === 'missing' && <p className="device-check-verdict bad">{t('video.check.noCamera')}</p>}
            {camera === 'denied' && <p className="device-check-verdict bad">{t('video.check.cameraDenied')}</p>}
          </section>
          <section aria-labelledby={`${id}-microphone`}>
            <H id={`${id}-microphone`}>{t('video.check.microphone')}</H>
            {microphone === 'ok' && (
              <>
                <label htmlFor={`${id}-meter`}>{t('video.check.micLevel')}</label>
                <meter id={`${id}-meter`} className="mic-meter" min={0} max={1} low={0.05} value={level} />
                <p className="muted">{t('video.check.micHint')}</p>
              </>
            )}
            {microphone === 'missing' && <p className="device-check-verdict bad">{t('video.check.noMicrophone')}</p>}
            {microphone === 'denied' && <p className="device-check-verdict bad">{t('video.check.microphoneDenied')}</p>}
          </section>
          <section aria-labelledby={`${id}-speaker`}>
            <H id={`${id}-speaker`}>{t('video.check.speaker')}</H>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                playTone();
                setPlayed(true);
              }}
            >
              {t('video.check.playSound')}
            </button>
            {played && (
              <fieldset className="device-check-heard">
                <legend>{t('video.check.heard')}</legend>
                <div className="actions">
                  <button type="button" className="button secondary small" aria-pressed={speaker === true} onClick={() => setSpeaker(true)}>
                    {t('video.check.yes')}
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-pressed={speaker === false}
                    onClick={() => setSpeaker(false)}
                  >
                    {t('video.check.no')}
                  </button>
                </div>
              </fieldset>
            )}
            <div role="status">
              {speaker === true && <p className="device-check-verdict ok">{t('video.check.speakerYes')}</p>}
              {speaker === false && <p className="device-check-verdict bad">{t('video.check.speakerNo')}</p>}
            </div>
          </section>
          <section aria-labelledby={`${id}-network`}>
            <H id={`${id}-network`}>{t('video.check.network')}</H>
            <div role="status">
              {network === 'testing' ? (
                <p>{t('video.check.testing')}</p>
              ) : (
                network && <NetworkResult kinds={network.kinds} verdict={network.verdict} />
              )}
            </div>
          </section>
          {done && (
            <div className="actions">
              <button type="button" className="button secondary" onClick={() => void start()}>
                {t('video.check.again')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The device check as a page of its own (`/device-check`, `/expert/device-check`). */
export function DeviceCheckPage({ backHref }: { backHref?: string }) {
  const { t } = useTranslation();
  usePageTitle(t('video.check.title'));
  return (
    <div className="device-check-page">
      <h1 className="page-title">{t('video.check.title')}</h1>
      <p>{t('video.check.intro')}</p>
      <DeviceCheck />
      {backHref && (
        <p>
          <Link to={backHref}>{t('video.check.back')}</Link>
        </p>
      )}
    </div>
  );
}

/** The expert app's device check page, with a way back to the desktop. */
export function ExpertDeviceCheckPage() {
  return <DeviceCheckPage backHref="/expert/desktop" />;
}
