import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_ID, ZAuthCheck, ZPatientStatus } from '@prsp/contracts';

const CHECK = { status: 'ok', statusCode: 200, data: { authenticated: true, expiresAt: '2026-11-24T12:00:00.000Z' } };
const STATUS = { hasOrganisation: true, termsAccepted: true, contactSaved: true, dontShowWelcome: false };

/** A fresh page with `answers` written into it, and the API client as the app would load it there. */
async function pageWith(answers: Record<string, unknown> | string) {
  document.head.innerHTML = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${
    typeof answers === 'string' ? answers : JSON.stringify(answers)
  }</script>`;
  vi.resetModules();
  const [client, pageAnswers] = await Promise.all([import('./api-client'), import('./page-answers')]);
  return { ...client, ...pageAnswers };
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 'ok', statusCode: 200, data: STATUS })));
  vi.stubGlobal('fetch', fetchMock);
});
// The stubbed fetch is put back by the project's unstubGlobals.
afterEach(() => vi.restoreAllMocks());

describe("the page's answers", () => {
  it('stand in for the first GET of their path, once; the next one asks the API', async () => {
    const { api, hasPageAnswers } = await pageWith({ '/api/patient/status': { status: 'ok', statusCode: 200, data: STATUS } });
    expect(document.getElementById(PAGE_ANSWERS_ID)).toBeNull();
    expect(hasPageAnswers()).toBe(true);
    await expect(api('/api/patient/status', ZPatientStatus)).resolves.toEqual(STATUS);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api('/api/patient/status', ZPatientStatus)).resolves.toEqual(STATUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are read with the contract like any answer: a refusal is an ApiError with its status code', async () => {
    const { api, ApiError } = await pageWith({
      '/api/auth/check': { status: 'error', statusCode: 101, errorKey: 'errors.notAuthenticated', message: 'Not signed in' },
    });
    const err = await api('/api/auth/check', ZAuthCheck).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).statusCode).toBe(101);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never answer a call that changes something', async () => {
    const { api } = await pageWith({ '/api/auth/check': CHECK });
    fetchMock.mockResolvedValue(new Response(JSON.stringify(CHECK)));
    await api('/api/auth/check', ZAuthCheck, { method: 'POST' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not used once the page has been open too long', async () => {
    const { api, hasPageAnswers, PAGE_ANSWER_MAX_AGE_MS } = await pageWith({
      '/api/patient/status': { status: 'ok', statusCode: 200, data: STATUS },
    });
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWER_MAX_AGE_MS + 1);
    expect(hasPageAnswers()).toBe(false);
    await api('/api/patient/status', ZPatientStatus);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('count as none when the element holds no JSON', async () => {
    const { hasPageAnswers, takePageAnswer } = await pageWith('{not json');
    expect(hasPageAnswers()).toBe(false);
    expect(takePageAnswer('/api/auth/check')).toBeUndefined();
  });
});
