import { describe, expect, test } from 'vitest';
import { pdfText } from '../surveys/survey-expert.steps';
import { visitSummary, visitSummaryText, type VisitSummaryInput } from './visit-summary';
import { visitSummaryPdf } from './visit-summary-pdf';

const input: VisitSummaryInput = {
  language: 'fi',
  organisationName: 'Espoon Äitiysneuvola',
  patients: [{ name: 'Åsa Öhman', identityCode: '010190-****', delegateName: 'Päivi Öhman' }],
  kind: 'queue',
  // The night the clocks go forward in Helsinki: 01:30 UTC is 04:30 local (EEST), not 03:30.
  startedAt: new Date('2026-03-29T01:30:00Z'),
  endedAt: new Date('2026-03-29T01:52:00Z'),
  serviceName: 'Hoitajan chat',
  appointmentName: null,
  professionals: ['Hanna Hoitaja'],
  urgency: 'urgent',
  preQuestionnaire: [{ question: 'Mikä vaivaa?', answer: 'Kuumetta' }],
  selfAssessment: { kind: 'result', result: { urgency: 'urgent', answers: [{ question: 'Onko kuumetta?', answer: 'Kyllä' }] } },
  messages: [
    { at: new Date('2026-03-29T01:31:00Z'), who: 'Åsa Öhman', text: 'Hei, minulla on kuumetta.', fileName: null },
    { at: new Date('2026-03-29T01:33:00Z'), who: 'Åsa Öhman', text: null, fileName: 'kuume.pdf' },
    { at: new Date('2026-03-29T01:34:00Z'), who: 'Hanna Hoitaja', text: 'Juo paljon.\nLepää.', fileName: null },
  ],
  note: 'Soitto huomenna, jos kuume jatkuu.',
  printedAt: new Date('2026-03-30T09:05:00Z'),
};

describe('the visit summary in words', () => {
  test('Finnish: who, when on Helsinki’s clock (across the spring-forward night), service, urgency, answers, transcript, note', () => {
    expect(visitSummaryText(visitSummary(input))).toBe(
      [
        'Käyntiyhteenveto',
        '================',
        'Organisaatio: Espoon Äitiysneuvola',
        'Potilas: Åsa Öhman',
        'Henkilötunnus: 010190-****',
        'Asioi potilaan puolesta: Päivi Öhman',
        'Aika: 29.3.2026 klo 04.30 – 04.52',
        'Käynnin tyyppi: Chat (jono)',
        'Palvelu: Hoitajan chat',
        'Ammattilainen: Hanna Hoitaja',
        'Kiireellisyys: Kiireellinen: hoito saman päivän aikana',
        '',
        'Esitietokysely',
        '--------------',
        'Mikä vaivaa?: Kuumetta',
        '',
        'Oirearvio',
        '---------',
        'Kiireellisyys: Kiireellinen: hoito saman päivän aikana',
        'Onko kuumetta?: Kyllä',
        '',
        'Keskustelu',
        '----------',
        '04.31 Åsa Öhman: Hei, minulla on kuumetta.',
        '04.33 Åsa Öhman: [Tiedosto: kuume.pdf]',
        '04.34 Hanna Hoitaja: Juo paljon.',
        '    Lepää.',
        '',
        'Oma muistiinpano',
        '----------------',
        'Soitto huomenna, jos kuume jatkuu.',
        '',
        'Tulostettu: 30.3.2026 klo 12.05',
        '',
      ].join('\n'),
    );
  });

  test('Swedish and English: every label in the reader’s language; what is missing says so', () => {
    const bare: VisitSummaryInput = {
      ...input,
      kind: 'video',
      endedAt: null,
      urgency: null,
      preQuestionnaire: [],
      selfAssessment: null,
      messages: [],
      note: null,
    };
    const sv = visitSummaryText(visitSummary({ ...bare, language: 'se' }));
    for (const words of [
      'Besökssammanfattning',
      'Personbeteckning: 010190-****',
      'Sköter ärenden för patienten: Päivi Öhman',
      'Tid: 29.3.2026 04.30 – (pågår)',
      'Typ av besök: Videobesök',
      'Brådskandegrad: inte bedömd',
      'Inga svar på förhandsenkäten.',
      'Ingen symtombedömning.',
      'Inga meddelanden.',
      'Ingen anteckning.',
    ])
      expect(sv).toContain(words);
    const en = visitSummaryText(visitSummary({ ...input, language: 'en', endedAt: new Date('2026-03-30T06:00:00Z') }));
    for (const words of [
      'Visit summary',
      'Identity code: 010190-****',
      'Acting on the patient’s behalf: Päivi Öhman',
      'Type of visit: Chat (queue)',
      'Urgency: Urgent: care within the same day',
      'Pre-questionnaire',
      'Symptom assessment',
      '[File: kuume.pdf]',
      'Own note',
    ])
      expect(en).toContain(words);
    // A visit over midnight gives the end its date too.
    expect(en).toContain('Time: 29/03/2026, 04:30 – 30/03/2026, 09:00');
  });

  test('an encrypted self-assessment and another connector’s result are named as they are', () => {
    const encrypted = visitSummaryText(visitSummary({ ...input, selfAssessment: { kind: 'encrypted' } }));
    expect(encrypted).toContain('Oirearvion tulos on salattu');
    const other = visitSummaryText(visitSummary({ ...input, selfAssessment: { kind: 'other', result: { score: 7, note: 'ok' } } }));
    expect(other).toContain('score: 7\nnote: ok');
  });
});

describe('the visit summary PDF', () => {
  test('is a PDF whose text holds the summary with its ä, ö and å', async () => {
    const pdf = await visitSummaryPdf(visitSummary(input), null);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const words of [
      'Espoon Äitiysneuvola',
      'Käyntiyhteenveto',
      'Åsa Öhman',
      'Hoitajan chat',
      '[Tiedosto: kuume.pdf]',
      'Soitto huomenna',
    ])
      expect(text).toContain(words);
  });
});
