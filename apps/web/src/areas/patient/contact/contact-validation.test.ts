import { describe, expect, it } from 'vitest';
import { serverContactErrors, validateContact } from './contact-validation';

const valid = {
  street: 'Mannerheimintie 1',
  code: '00100',
  city: 'Helsinki',
  mobile: '+358401234567',
  email: 'aino@example.fi',
  country: 'fi',
  nationality: 'fi',
};

describe('contact form rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(validateContact(valid, { acting: false })).toEqual({});
  });

  it('requires street and city, five characters of postal code, a mobile starting with a digit or plus, a valid e-mail', () => {
    const errors = validateContact(
      { ...valid, street: ' ', city: '', code: '1234', mobile: '04+123', email: 'aino@', nationality: '' },
      { acting: false },
    );
    expect(errors).toEqual({
      street: 'fields.required',
      city: 'fields.required',
      code: 'fields.postalCode',
      mobile: 'fields.mobile',
      email: 'fields.email',
      nationality: 'fields.required',
    });
    expect(validateContact({ ...valid, mobile: '0401234567' }, { acting: false })).toEqual({});
    // Written as people write it: spaces and dashes are dropped before the check (the server does the same).
    expect(validateContact({ ...valid, mobile: '040 123 4567' }, { acting: false })).toEqual({});
    expect(validateContact({ ...valid, mobile: '+358 40-123 4567' }, { acting: false })).toEqual({});
    expect(validateContact({ ...valid, mobile: 'x401234567' }, { acting: false })).toEqual({ mobile: 'fields.mobile' });
  });

  it('leaves mobile and e-mail unchecked while acting on behalf (they are not edited then)', () => {
    expect(validateContact({ ...valid, mobile: '', email: '' }, { acting: true })).toEqual({});
  });

  it('places server field errors under their fields and keeps the rest apart', () => {
    expect(
      serverContactErrors([
        { field: 'code', messageKey: 'fields.postalCode', message: '…' },
        { field: 'mobile', messageKey: 'fields.ownContactRequired', message: '…' },
        { field: 'firstName', messageKey: 'fields.invalid', message: '…' },
      ]),
    ).toEqual({ errors: { code: 'fields.postalCode', mobile: 'fields.ownContactRequired' }, other: ['fields.invalid'] });
  });
});
