import { describe, expect, test } from 'vitest';
import { ZChatCodeGroupCreate, ZExpertInput, ZOrganisationUserCreate } from '@prsp/contracts';
import { ApiError } from './api-client';
import { saveFailureKey, schemaErrors, serverFieldErrors } from './form-errors';

describe('form errors from the contracts and from the server', () => {
  test('a contract schema gives each failing field its message key, by the request path', () => {
    const errors = schemaErrors(ZExpertInput, {
      firstName: ' ',
      lastName: 'Hoitaja',
      email: 'not-an-address',
      specializations: [],
      communicationLanguage: 'fi',
      chatQueueId: '',
    });
    expect(errors).toEqual({ firstName: 'required', email: 'email', specializations: 'specializations', chatQueueId: 'chatQueue' });
  });

  test('an expert with an automatically created queue needs no queue id', () => {
    const errors = schemaErrors(ZExpertInput, {
      firstName: 'Hilkka',
      lastName: 'Hoitaja',
      email: 'hilkka@espoo.example',
      specializations: ['nurse'],
      communicationLanguage: 'sv',
      autoCreateChat: true,
    });
    expect(errors).toEqual({});
  });

  test('chat code groups: more than 0 codes and a service (spec §5)', () => {
    const errors = schemaErrors(ZChatCodeGroupCreate, {
      name: 'Kevät',
      serviceId: '',
      totalCodes: 0,
      usesPerCode: 1,
      expiryPreset: 'endOfYear',
    });
    expect(errors).toEqual({ serviceId: 'required', totalCodes: 'codeCount' });
  });

  test('a prefix puts the paths under a field', () => {
    expect(schemaErrors(ZOrganisationUserCreate, { firstName: '', lastName: 'L', email: 'a@b.fi', preset: 'booker' }, 'user')).toEqual({
      'user.firstName': 'required',
    });
  });

  test("the server's field errors land on the same paths", () => {
    const err = new ApiError(400, 'errors.validation', 'Tarkista kentät.', [
      { field: 'privacyStatementUrl.fi.url', messageKey: 'fields.url', message: 'Anna osoite' },
    ]);
    expect(serverFieldErrors(err)).toEqual({ 'privacyStatementUrl.fi.url': 'fields.url' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });

  test('a failed save says what to do: check fields, the code’s own text, or the saving error', () => {
    expect(saveFailureKey(null)).toBeUndefined();
    expect(saveFailureKey(new ApiError(400, 'errors.validation', '', [{ field: 'a', messageKey: 'fields.required', message: '' }]))).toBe(
      'staff.checkFields',
    );
    expect(saveFailureKey(new ApiError(1100, 'errors.emailInUse', ''))).toBe('errors.emailInUse');
    expect(saveFailureKey(new ApiError(500, 'errors.processing', ''))).toBe('staff.saveError');
    expect(saveFailureKey(new TypeError('network'))).toBe('staff.saveError');
  });
});
