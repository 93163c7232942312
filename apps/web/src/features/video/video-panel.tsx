import './video-texts';
import './video.css';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { VideoPeer } from '@prsp/contracts';
import { DeviceCheck } from './device-check';
import { canShareScreen } from './screen-share';
import type { DeviceKind } from './device-memory';
import { useVideoCall } from './use-video-call';
import { mediaKey, type CallSnapshot, type VideoCall } from './video-call';
import { useTranslation } from '@/lib/i18n';

/** A <video> playing a stream; `muted` for one's own picture (no echo). */
function StreamVideo({
  stream,
  muted,
  sinkId,
  ...rest
}: { stream: MediaStream | null; muted?: boolean; sinkId?: string } & React.VideoHTMLAttributes<HTMLVideoElement> & {
    'data-peer-id'?: string;
  }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  // A stream's tracks come one by one (audio, then video): play again when one is added.
  useEffect(() => {
    if (!stream) return;
    const replay = () => void ref.current?.play().catch(() => undefined);
    stream.addEventListener('addtrack', replay);
    return () => stream.removeEventListener('addtrack', replay);
  }, [stream]);
  useEffect(() => {
    const el = ref.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (el?.setSinkId && sinkId) void el.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return <video ref={ref} autoPlay playsInline muted={muted} {...rest} />;
}

function peerStates(peer: Pick<VideoPeer, 'audio' | 'video' | 'screen'>, t: (k: string) => string): string[] {
  return [
    !peer.audio && t('video.participants.muted'),
    !peer.video && !peer.screen && t('video.participants.cameraOff'),
    peer.screen && t('video.participants.sharing'),
  ].filter((s): s is string => Boolean(s));
}

/** Tiles of a group call can be shown large (full width, first); `null` where there is nothing to enlarge. */
type Enlarge = { enlarged: boolean; onToggle: () => void } | null;

/** The button on a tile that shows it large and back: a toggle, so a screen reader hears whether it is large. */
function EnlargeButton({ name, enlarge }: { name: string; enlarge: NonNullable<Enlarge> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="video-enlarge"
      aria-pressed={enlarge.enlarged}
      aria-label={t('video.tile.enlarge', { name })}
      title={enlarge.enlarged ? t('video.tile.shrink') : t('video.tile.enlarge', { name })}
      onClick={enlarge.onToggle}
    >
      <span aria-hidden="true">{enlarge.enlarged ? '⤡' : '⤢'}</span>
    </button>
  );
}

const tileClass = (base: string, enlarge: Enlarge) => `${base}${enlarge?.enlarged ? ' enlarged' : ''}`;

function RemoteTile({ peer, state, enlarge }: { peer: VideoPeer; state: CallSnapshot; enlarge: Enlarge }) {
  const { t } = useTranslation();
  const key = mediaKey(peer, state.provider);
  const stream = state.streams.get(key) ?? null;
  const showsVideo = peer.video || peer.screen;
  const label = peer.screen ? t('video.screenOf', { name: peer.name }) : t('video.videoOf', { name: peer.name });
  return (
    <figure className={tileClass(`video-tile${showsVideo ? '' : ' no-video'}`, enlarge)}>
      <StreamVideo stream={stream} data-peer-id={peer.peerId} aria-label={label} sinkId={state.choice.audiooutput} />
      {!showsVideo && (
        <p className="video-tile-off" aria-hidden="true">
          <span className="video-avatar">{peer.name.slice(0, 1).toUpperCase()}</span>
        </p>
      )}
      <figcaption>
        {peer.name}
        {!peer.audio && <span className="video-muted-mark"> · {t('video.participants.muted')}</span>}
      </figcaption>
      {enlarge && <EnlargeButton name={peer.name} enlarge={enlarge} />}
      <span
        className="visually-hidden video-bytes"
        aria-hidden="true"
        data-peer-id={peer.peerId}
        data-bytes-received={state.bytes.get(key) ?? 0}
      />
    </figure>
  );
}

function QualityIndicator({ state }: { state: CallSnapshot }) {
  const { t } = useTranslation();
  const q = state.quality;
  const s = state.sample;
  return (
    <p className={`video-quality quality-${q}`}>
      <span className="quality-bars" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span>{t(`video.quality.${q}`)}</span>
      {s?.rttMs != null && (
        <span className="muted video-quality-details">
          {' '}
          ({t('video.quality.details', { rtt: s.rttMs, loss: Math.round((s.loss ?? 0) * 100) })})
        </span>
      )}
    </p>
  );
}

function DeviceChooser({ call, state }: { call: VideoCall; state: CallSnapshot }) {
  const { t } = useTranslation();
  const id = useId();
  const canSink = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
  const kinds: DeviceKind[] = ['audioinput', 'videoinput', ...(canSink ? (['audiooutput'] as const) : [])];
  const lists = kinds.map((kind) => ({ kind, devices: state.devices.filter((d) => d.kind === kind) })).filter((l) => l.devices.length > 0);
  if (lists.length === 0) return null;
  return (
    <details className="video-devices">
      <summary>{t('video.controls.devices')}</summary>
      {lists.map(({ kind, devices }) => (
        <p key={kind} className="field">
          <label htmlFor={`${id}-${kind}`}>{t(`video.controls.${kind}`)}</label>
          <select
            id={`${id}-${kind}`}
            value={state.choice[kind] ?? devices[0]!.deviceId}
            onChange={(e) => void call.chooseDevice(kind, e.target.value)}
          >
            {devices.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || t('video.controls.deviceDefault', { n: i + 1 })}
              </option>
            ))}
          </select>
        </p>
      ))}
    </details>
  );
}

function Participants({ state }: { state: CallSnapshot }) {
  const { t } = useTranslation();
  const me = {
    name: t('video.youName', { name: state.myName }),
    audio: state.audio,
    video: state.video && !state.audioOnly,
    screen: state.screen,
  };
  const all = [
    { key: 'me', ...me },
    ...state.peers.map((p) => ({ key: p.peerId, ...p, name: `${p.name} (${t(`video.participants.roles.${p.role}`)})` })),
  ];
  return (
    <section className="video-participants" aria-label={t('video.participants.title', { count: all.length })}>
      <h3>{t('video.participants.title', { count: all.length })}</h3>
      <ul>
        {all.map((p) => {
          const states = peerStates(p, t);
          return (
            <li key={p.key}>
              {p.name}
              {states.length > 0 && <span className="muted">: {states.join(', ')}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InCall({ call, state }: { call: VideoCall; state: CallSnapshot }) {
  const { t } = useTranslation();
  const canShare = canShareScreen();
  const sending = state.screen || (state.video && !state.audioOnly);
  const group = state.peers.length > 1;
  // Which tile is shown large ('me' for one's own); only a group has small tiles to enlarge.
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const enlargeOf = (key: string): Enlarge =>
    group ? { enlarged: enlarged === key, onToggle: () => setEnlarged((now) => (now === key ? null : key)) } : null;
  const selfEnlarge = enlargeOf('me');
  return (
    <>
      <div className={`video-stage${group ? ' group' : ''}`}>
        {state.peers.length === 0 && <p className="video-waiting">{t('video.waitingForOthers')}</p>}
        <div className={`video-tiles count-${Math.min(state.peers.length + (group ? 1 : 0), 4)}`}>
          {state.peers.map((p) => (
            <RemoteTile key={p.peerId} peer={p} state={state} enlarge={enlargeOf(p.peerId)} />
          ))}
          {/* One's own picture: in a corner of a one-to-one call, a tile of its own in a group. */}
          <figure className={group ? tileClass('video-tile video-self-tile', selfEnlarge) : 'video-self'}>
            {sending && state.preview ? (
              <StreamVideo stream={state.preview} muted aria-label={t('video.you')} className={state.screen ? '' : 'mirrored'} />
            ) : (
              <p className="video-tile-off">{t('video.noVideo')}</p>
            )}
            <figcaption>{t('video.you')}</figcaption>
            {selfEnlarge && <EnlargeButton name={t('video.you')} enlarge={selfEnlarge} />}
          </figure>
        </div>
      </div>
      {state.phase === 'reconnecting' && (
        <p className="notice video-reconnecting" role="status">
          {t('video.reconnecting')}
        </p>
      )}
      {state.audioOnly && (
        <div className="notice video-audio-only" role="status">
          <p>{t('video.audioOnly.text')}</p>
          <button type="button" className="button secondary small" onClick={() => void call.retryVideo()}>
            {t('video.audioOnly.retry')}
          </button>
        </div>
      )}
      {state.mediaProblem && <p className="notice">{t(`video.media.${state.mediaProblem}`)}</p>}
      <div className="video-bar">
        <div className="video-controls" role="group" aria-label={t('video.controls.label')}>
          <button
            type="button"
            className="button secondary small media-toggle"
            aria-pressed={state.audio}
            disabled={!state.hasMicrophone}
            onClick={call.toggleAudio}
          >
            {t('video.controls.microphone')}
          </button>
          <button
            type="button"
            className="button secondary small media-toggle"
            aria-pressed={state.video}
            onClick={() => void call.toggleVideo()}
          >
            {t('video.controls.camera')}
          </button>
          {canShare && (
            <button type="button" className="button secondary small" aria-pressed={state.screen} onClick={() => void call.toggleScreen()}>
              {t('video.controls.screen')}
            </button>
          )}
          <button type="button" className="button danger small" onClick={call.leave}>
            {t('video.leave')}
          </button>
        </div>
        <QualityIndicator state={state} />
      </div>
      <DeviceChooser call={call} state={state} />
      <Participants state={state} />
    </>
  );
}

/**
 * The video call of a channel (spec: video appointments): a join button first (the click lets the browser play
 * the others' sound), then the others' tiles with one's own picture, the controls (microphone, camera, screen,
 * leave; each says whether it is on with aria-pressed), the connection's quality, devices and the participants.
 * A polite live region says who joins and leaves.
 */
export function VideoPanel({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const { call, state } = useVideoCall(channelId);
  const last = state?.lastEvent;
  const announcement = last ? t(`video.announce.${last.kind}`, { name: last.name }) : '';

  const phase = state?.phase ?? 'idle';
  return (
    <section className="video-panel" aria-labelledby={`video-title-${channelId}`}>
      <h3 id={`video-title-${channelId}`} className="video-title">
        {t('video.title')}
      </h3>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {call && state && (phase === 'in-call' || phase === 'reconnecting') ? (
        <InCall call={call} state={state} />
      ) : (
        <div className="video-start">
          {phase === 'left' && <p>{t('video.left')}</p>}
          {state?.error && (
            <p className="alert" role="alert">
              {t(`video.errors.${state.error}`)}
            </p>
          )}
          {phase === 'joining' ? (
            <p role="status">{t('video.joining')}</p>
          ) : (
            <>
              <p>{t('video.joinHint')}</p>
              <div className="actions">
                <button type="button" className="button" disabled={!call} onClick={() => void call?.join()}>
                  {phase === 'left' ? t('video.rejoin') : t('video.join')}
                </button>
              </div>
              {/* The device check right here: leaving the page would leave the chat. */}
              <details className="waiting-device-check">
                <summary>{t('video.check.open')}</summary>
                <DeviceCheck compact />
              </details>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** A video call beside its chat on a wide screen, above it on a phone. */
export function VideoBeside({ video, children }: { video: ReactNode; children: ReactNode }) {
  return (
    <div className="video-with-chat">
      <div className="video-with-chat-grid">
        <div className="video-with-chat-video">{video}</div>
        <div className="video-with-chat-chat">{children}</div>
      </div>
    </div>
  );
}
