import { pngImage } from '../../test/png';

const link = (text: string) => ({ text, url: 'https://example.fi/ohje' });

/** Text fields of a valid new organisation, as the admin web form sends them (JSON fields as strings). */
export function validOrganisationFields(name = 'Testikunnan etävastaanotto'): Record<string, string> {
  return {
    organizationName: name,
    paymentNumber: 'FI12 3456 7890',
    contactPerson: 'Maija Meikäläinen',
    contactPersonEmail: 'maija@example.fi',
    country: 'fi',
    organizationInfo: 'Testikunnan sosiaali- ja terveyspalvelut',
    primaryColor: '#123456',
    secondaryColor: '#FAFAFA',
    endOfService: '',
    organisationType: 'external',
    serviceUrl: 'https://testikunta.example.fi',
    dontShowOnListingEnabled: 'false',
    additionalServicesInformation: 'Lisätietoja palveluista',
    dataSavingExpertMonths: '6',
    dataSavingAdminMonths: '12',
    dataSavingPatientDays: '90',
    bookingsEnabled: 'true',
    asyncMessagingEnabled: 'false',
    privacyStatementUrl: JSON.stringify({
      fi: { url: 'https://example.fi/tietosuoja', name: 'Tietosuojaseloste' },
      se: { url: 'https://example.fi/dataskydd', name: 'Dataskyddsbeskrivning' },
      en: { url: 'https://example.fi/privacy', name: 'Privacy statement' },
    }),
    serviceInfo: JSON.stringify({ fi: 'Palvelu auki arkisin.', se: 'Tjänsten är öppen vardagar.', en: 'Open on weekdays.' }),
    redirectionButtons: JSON.stringify([{ id: 'b1', details: { fi: link('Ohjeet'), se: link('Anvisningar'), en: link('Instructions') } }]),
    redirectionSelectedButtons: JSON.stringify(['b1']),
    redirectionPrimaryButtons: JSON.stringify(['b1']),
    redirectionLinks: JSON.stringify({ fi: [link('Terveysneuvonta')], se: [link('Hälsorådgivning')], en: [link('Health advice')] }),
    areas: JSON.stringify({ municipalities: ['049', '091'], postalCodes: ['02100'] }),
    surveys: JSON.stringify([]),
  };
}

/** A multipart body from text fields and files (each file a Buffer, sent with a harmless name). */
export function organisationFormData(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    data.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${name}.png`);
  return data;
}

export const validLogo = () => pngImage(256, 128);
export const validBackground = () => pngImage(1900, 1080, [242, 246, 250]);
