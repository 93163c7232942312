import { afterEach, expect, it } from 'vitest';
import type { DeskPatient, Language } from '@prsp/contracts';
import { changeLanguage } from '@/lib/i18n';
import { mount } from '@/test/mount';
import '../expert-texts';
import { PatientIdentity } from './patient-identity';

// Runs before the setup file's unmount (after-each hooks run last registered first).
afterEach(() => changeLanguage('fi', { remember: false }));

const patient = (language: Language | null): DeskPatient => ({ maskedIdentityCode: '010190-****', age: 36, language, delegateName: null });

async function header(language: Language | null, writesIn: Language | null) {
  const host = await mount(<PatientIdentity channelId="c1" name="Sven Svensson" patient={patient(language)} writesIn={writesIn} />, {
    queryClient: true,
  });
  const facts = [...host.querySelectorAll('dl > div')].map(
    (d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`,
  );
  return { facts, notice: host.querySelector('.language-notice')?.textContent ?? null };
}

it('names the patient’s language as asiointikieli, and tells a Finnish-writing expert to reply in Swedish', async () => {
  const { facts, notice } = await header('se', 'fi');
  expect(facts).toContain('Asiointikieli: ruotsi');
  expect(notice).toBe('Potilas asioi ruotsiksi. Vastaa ruotsiksi.');
});

it('compares with the language the expert writes in, not the language of their screen', async () => {
  // A Swedish-speaking doctor with a Finnish screen: a Swedish patient needs no note, a Finnish one does.
  expect((await header('se', 'se')).notice).toBeNull();
  expect((await header('fi', 'se')).notice).toBe('Potilas asioi suomeksi. Vastaa suomeksi.');
});

it('falls back to the screen’s language when the expert’s own is not known', async () => {
  expect((await header('fi', null)).notice).toBeNull();
  expect((await header('en', null)).notice).toBe('Potilas asioi englanniksi. Vastaa englanniksi.');
});

it.each([
  ['fi', 'Asiointikieli: Ei ilmoitettu'],
  ['se', 'Kontaktspråk: Inte angivet'],
  ['en', 'Patient’s language: Not given'],
] as const)('a patient with no stored language reads “not given” in %s, and no reply note', async (lang, fact) => {
  await changeLanguage(lang, { remember: false });
  const { facts, notice } = await header(null, 'fi');
  expect(facts).toContain(fact);
  expect(notice).toBeNull();
});
