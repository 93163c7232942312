import type { z } from 'zod/mini';
import { okEnvelope, ZErrorEnvelope, ZRunnerAnswered, ZRunnerSurvey, type SurveyAnswers } from '@prsp/contracts';

/** A refused call: the catalogue's code and, for refused answers, the field message keys by field. */
export class RunnerError extends Error {
  constructor(
    readonly statusCode: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(`survey runner call failed: ${statusCode}`);
  }
}

/**
 * Calls the runner's API with the frame's token and nothing else: no cookies go (the sandbox has none to give, and
 * `omit` says so), no referrer.
 */
async function call<T extends z.ZodMiniType>(path: string, data: T, token: string, body?: unknown): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new RunnerError(500);
  }
  const json: unknown = await response.json().catch(() => undefined);
  const failure = ZErrorEnvelope.safeParse(json);
  if (failure.success)
    throw new RunnerError(failure.data.statusCode, Object.fromEntries((failure.data.fields ?? []).map((f) => [f.field, f.messageKey])));
  const success = okEnvelope(data).safeParse(json);
  if (!success.success) throw new RunnerError(500);
  return (success.data as { data: z.infer<T> }).data;
}

export const loadSurvey = (token: string) => call('/api/survey-runner/survey', ZRunnerSurvey, token);

export const sendAnswers = (token: string, answers: SurveyAnswers) =>
  call('/api/survey-runner/answers', ZRunnerAnswered, token, { answers });
