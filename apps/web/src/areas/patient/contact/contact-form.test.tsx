import { describe, expect, it, vi } from 'vitest';
import type { Contact } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { ContactForm } from './contact-form';

const lilja: Contact = {
  firstName: 'Lilja',
  lastName: 'Virtanen',
  street: '',
  code: '',
  city: '',
  mobile: '0401234567',
  email: 'aino@example.fi',
  country: 'fi',
  nationality: '',
  termsAccepted: false,
};

const hintOf = async (acting: boolean) => {
  const host = await mount(<ContactForm contact={lilja} acting={acting} submitLabel="Tallenna" onSaved={vi.fn()} />, {
    queryClient: true,
  });
  return host.querySelector('p.hint')?.textContent;
};

describe('the contact form’s note on the names', () => {
  it('speaks to the parent about the child while acting on their behalf', async () => {
    expect(await hintOf(true)).toBe('Henkilön Lilja Virtanen nimi tulee tunnistautumisesta, eikä sitä voi muuttaa tässä.');
  });

  it('speaks to the person themself otherwise', async () => {
    expect(await hintOf(false)).toBe('Nimesi tulee tunnistautumisesta, eikä sitä voi muuttaa tässä.');
  });
});
