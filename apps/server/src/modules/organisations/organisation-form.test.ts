import { describe, expect, test } from 'vitest';
import { pngImage } from '../../test/png';
import { receivedFile } from '../../test/received-file';
import { parseOrganisationForm, type RawOrganisationForm } from './organisation-form';

const ID = '7b0d8a52-4c1e-4a43-9a55-0b6a3e0f1c11';

function raw(fields: Record<string, string>, files: Record<string, Buffer> = {}): RawOrganisationForm {
  const received = Object.entries(files).map(([field, data]) => [field, receivedFile(field, data)] as const);
  return { fields: new Map(Object.entries(fields)), files: new Map(received) };
}

describe('organisation form parsing', () => {
  test('an update takes only what is sent, mapped to the table', async () => {
    const { form, issues } = await parseOrganisationForm(
      raw({
        id: ID,
        organizationName: ' Uusi nimi ',
        secondaryColor: '#abcdef',
        country: 'SE',
        dontShowOnListingEnabled: 'true',
        endOfService: '',
      }),
      'update',
    );
    expect(issues).toEqual([]);
    expect(form.id).toBe(ID);
    expect(form.columns).toEqual({
      name: 'Uusi nimi',
      backgroundColor: '#abcdef',
      country: 'se',
      dontShowOnListingEnabled: true,
      endOfService: null,
    });
    expect(form.content).toEqual({});
    expect(form.flags).toEqual({});
  });

  test('flags are true or false; anything else names the flag', async () => {
    const { form, issues } = await parseOrganisationForm(
      raw({ id: ID, bookingsEnabled: 'false', chatEnabled: 'true', actingEnabled: 'yes' }),
      'update',
    );
    expect(form.flags).toEqual({ bookingsEnabled: false });
    expect(issues).toEqual([{ field: 'actingEnabled', key: 'invalid' }]);
  });

  test('data saving: months and days as numbers, empty keeps data', async () => {
    const { form } = await parseOrganisationForm(
      raw({ id: ID, dataSavingExpertMonths: '6', dataSavingAdminMonths: '', dataSavingPatientDays: '90' }),
      'update',
    );
    expect(form.dataSaving).toEqual({ expertMonths: 6, adminMonths: null, patientDays: 90 });
  });

  test('background "null" removes the image; a file replaces it', async () => {
    expect((await parseOrganisationForm(raw({ id: ID, background: 'null' }), 'update')).form.removeBackground).toBe(true);
    const withFile = await parseOrganisationForm(raw({ id: ID }, { background: pngImage(1900, 1080) }), 'update');
    expect(withFile.form.images.background?.contentType).toBe('image/png');
    expect((await parseOrganisationForm(raw({ id: ID, background: 'keep' }), 'update')).issues).toEqual([
      { field: 'background', key: 'invalid' },
    ]);
  });

  test('the services list keeps only ids, in order', async () => {
    const other = 'c3f1a1d4-2b7e-4f43-8a55-1b6a3e0f1c22';
    const services = JSON.stringify([{ id: other, name: { fi: 'x' }, chatCodes: [{ code: 'ABC' }] }, { id: ID }]);
    expect((await parseOrganisationForm(raw({ id: ID, services }), 'update')).form.serviceOrder).toEqual([other, ID]);
  });

  test("create needs the spec's required fields", async () => {
    const { issues } = await parseOrganisationForm(raw({}), 'create');
    expect(issues.map((i) => i.field).sort()).toEqual(
      ['contactPerson', 'contactPersonEmail', 'logo', 'organizationName', 'primaryColor', 'privacyStatementUrl', 'secondaryColor'].sort(),
    );
  });

  test('an update without a valid id', async () => {
    expect((await parseOrganisationForm(raw({ id: 'nope' }), 'update')).issues).toEqual([{ field: 'id', key: 'invalid' }]);
  });
});
