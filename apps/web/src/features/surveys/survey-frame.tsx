import './survey-frame-texts';
import './survey-frame.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { frameHeight, SURVEY_FRAME_MIN_HEIGHT, ZSurveyTokenResponse } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { acceptFrameMessage, frameSource, runnerOrigin } from './survey-frame-messages';

export type SurveyFrameProps = {
  /** `/api/survey/token/{responseId}` (patient) or `/api/survey-expert/token/{responseId}` (expert). */
  tokenUrl: string;
  /** The patient variant closes on the frame's `close`; the expert variant does nothing then (spec §4). */
  variant: 'patient' | 'expert';
  /** Called once when the patient variant closes (the page closes the survey on the server). */
  onClosed?: () => void;
};

const HOME = { patient: '/landing', expert: '/expert' } as const;

/**
 * Spec §2 'Survey page', §4, §9: the survey runner in a frame sandboxed without same-origin, so the runner can reach
 * nothing of the app (no cookies, no storage, no DOM), authenticated only by the token in its address's fragment.
 * States: loading (the token), error (no token: back-to-homepage), ready (the frame) and closed (thank-you,
 * back-to-homepage). Every message from the frame is checked: its window, its origin and its schema.
 */
/**
 * The frame's token, fetched once for the frame and the page around it (the patient's page shows what the survey is
 * about from it). Each token is new: never refetched behind the patient's back, which would reload the survey
 * mid-answer.
 */
export function useSurveyToken(tokenUrl: string) {
  return useQuery({
    queryKey: ['survey-frame', tokenUrl],
    queryFn: () => api(tokenUrl, ZSurveyTokenResponse),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function SurveyFrame({ tokenUrl, variant, onClosed }: SurveyFrameProps) {
  const { t } = useTranslation();
  const token = useSurveyToken(tokenUrl);
  const frame = useRef<HTMLIFrameElement>(null);
  const closedHeading = useRef<HTMLHeadingElement>(null);
  const [height, setHeight] = useState(SURVEY_FRAME_MIN_HEIGHT);
  const [closed, setClosed] = useState(false);
  const origin = token.data ? runnerOrigin(token.data.url) : null;
  const failed = token.isError || (token.isSuccess && (!origin || !token.data.token));

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const message = acceptFrameMessage(event, { window: frame.current?.contentWindow ?? null, runnerOrigin: origin });
      if (message?.type === 'resize') setHeight(frameHeight(message.height));
      if (message?.type === 'close' && variant === 'patient') {
        setHeight(SURVEY_FRAME_MIN_HEIGHT);
        setClosed(true);
        onClosed?.();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, variant, onClosed]);

  useEffect(() => {
    if (closed) closedHeading.current?.focus();
  }, [closed]);

  const home = (
    <Link className="button" to={HOME[variant]}>
      {t('surveyFrame.backToHome')}
    </Link>
  );
  if (closed)
    return (
      <div className="survey-closed">
        <h2 ref={closedHeading} tabIndex={-1}>
          {t('surveyFrame.closedTitle')}
        </h2>
        <p>{t('surveyFrame.closedText')}</p>
        <div className="actions">{home}</div>
      </div>
    );
  if (failed)
    return (
      <div className="survey-error">
        <p className="alert" role="alert">
          {t('surveyFrame.error')}
        </p>
        <div className="actions">{home}</div>
      </div>
    );
  if (!token.data)
    return (
      <p className="survey-loading" role="status">
        {t('surveyFrame.loading')}
      </p>
    );
  return (
    <iframe
      ref={frame}
      className="survey-frame"
      title={t('surveyFrame.frameTitle')}
      src={frameSource(token.data.url, token.data.token, currentLanguage(), token.data.theme)}
      // Custom protocols only, not the top page: the emergency instruction's tel:112 link must work from inside the
      // frame (issue 29), and a sandbox blocks tel: links without this.
      sandbox="allow-scripts allow-forms allow-top-navigation-to-custom-protocols"
      referrerPolicy="no-referrer"
      style={{ height }}
    />
  );
}
