import { describe, expect, test } from 'vitest';
import { errorShapeOf, errorStatusesFor, isDocumented, operationIdFor, securityFor, type DocumentedRoute } from './openapi-operations';

const route = (over: Partial<DocumentedRoute>): DocumentedRoute => ({
  method: 'GET',
  url: '/api/x',
  rateLimited: false,
  hasBody: false,
  hasQuery: false,
  hasParams: false,
  pathParams: false,
  multipart: false,
  errors: [],
  ...over,
});

describe('which routes the document holds', () => {
  test('the API under /api/ and /fhir/, without the stand-ins’ inboxes, pages, preflights or wildcards', () => {
    expect(isDocumented('GET', '/api/user/info')).toBe(true);
    expect(isDocumented('POST', '/fhir/R4/:type/_search')).toBe(true);
    expect(isDocumented('GET', '/api/dev/inbox')).toBe(false);
    expect(isDocumented('GET', '/test-idp/oidc/*')).toBe(false);
    expect(isDocumented('GET', '/healthz')).toBe(false);
    expect(isDocumented('OPTIONS', '/api/survey-runner/*')).toBe(false);
    expect(isDocumented('GET', '/*')).toBe(false);
  });
});

test('operationIds come from the method and the path’s words', () => {
  expect(operationIdFor('GET', '/api/admin/organisation/list')).toBe('getAdminOrganisationList');
  expect(operationIdFor('POST', '/api/chat/channels/:id/files')).toBe('postChatChannelsByIdFiles');
  expect(operationIdFor('GET', '/api/admin/chat-codes/:groupId/codes.csv')).toBe('getAdminChatCodesByGroupIdCodesCsv');
  expect(operationIdFor('GET', '/fhir/R4/:type/:id')).toBe('getFhirR4ByTypeById');
});

describe('security from the access', () => {
  test('a session for patients and staff, with the CSRF cookie and header when the request changes state', () => {
    expect(securityFor(route({ access: { kind: 'staff' } }))).toEqual([{ sessionCookie: [] }]);
    expect(securityFor(route({ method: 'POST', access: { kind: 'expert' } }))).toEqual([
      { sessionCookie: [], csrfCookie: [], csrfHeader: [] },
    ]);
  });

  test('bearer tokens for guests and the survey runner (which sends no CSRF token), either for a chat member', () => {
    expect(securityFor(route({ access: { kind: 'guest' } }))).toEqual([{ guestToken: [] }]);
    expect(securityFor(route({ method: 'POST', access: { kind: 'surveyToken' } }))).toEqual([{ surveyToken: [] }]);
    expect(securityFor(route({ access: { kind: 'chatMember' } }))).toEqual([{ guestToken: [] }, { sessionCookie: [] }]);
  });

  test('OAuth for API clients; nothing for a public read, the CSRF token for a public change', () => {
    expect(securityFor(route({ url: '/fhir/R4/:type', access: { kind: 'apiClient' } }))).toEqual([{ apiClientOAuth: [] }]);
    expect(securityFor(route({ access: { kind: 'anyone' } }))).toEqual([]);
    expect(securityFor(route({ method: 'POST', access: { kind: 'anyone' } }))).toEqual([{ csrfCookie: [], csrfHeader: [] }]);
  });
});

describe('error answers from the declaration', () => {
  test('a public read without input can only fail', () => {
    expect(errorStatusesFor(route({ access: { kind: 'anyone' } }))).toEqual([500]);
  });

  test('an admin change of an object by id, with a body', () => {
    const access = { kind: 'admin', area: 'users', need: 'edit', patientData: 'none' } as const;
    expect(errorStatusesFor(route({ method: 'POST', access, hasBody: true, hasParams: true, pathParams: true }))).toEqual([
      400, 401, 403, 404, 413, 415, 500,
    ]);
  });

  test('a patient read that needs an organisation and terms; the route’s own statuses; uploads and rate limits', () => {
    const patient = { kind: 'patient', organisation: 'required', terms: true } as const;
    expect(errorStatusesFor(route({ access: patient }))).toEqual([401, 403, 404, 500]);
    expect(errorStatusesFor(route({ access: { kind: 'patientSession' }, errors: [409] }))).toEqual([401, 409, 500]);
    expect(errorStatusesFor(route({ method: 'POST', access: { kind: 'surveyToken' }, rateLimited: true, multipart: true }))).toEqual([
      400, 401, 413, 415, 429, 500,
    ]);
  });

  test('FHIR reads may be refused a format; each part of the API answers errors in its own shape', () => {
    expect(errorStatusesFor(route({ url: '/fhir/R4/:type', access: { kind: 'apiClient' }, pathParams: true }))).toEqual([
      401, 403, 404, 406, 500,
    ]);
    expect([errorShapeOf('/api/x'), errorShapeOf('/fhir/R4/Patient'), errorShapeOf('/fhir/oauth2/token')]).toEqual([
      'envelope',
      'operationOutcome',
      'oauthError',
    ]);
  });
});
