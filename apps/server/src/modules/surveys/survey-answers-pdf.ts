import {
  answerText,
  formatInstant,
  isRedFlagAnswer,
  visibleQuestions,
  type Language,
  type Localized,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@prsp/contracts';
import { newPdf, pdfHeader } from '../../platform/pdf/pdf-document';

const LABELS: Record<
  Language,
  Record<'organisation' | 'version' | 'patient' | 'sent' | 'answered' | 'notAnswered' | 'noAnswer' | 'redFlag' | 'redFlagSummary', string>
> = {
  fi: {
    organisation: 'Organisaatio',
    version: 'versio',
    patient: 'Potilas',
    sent: 'Lähetetty',
    answered: 'Vastattu',
    notAnswered: 'Ei vielä vastattu',
    noAnswer: '(ei vastausta)',
    redFlag: 'Hälytysvastaus',
    redFlagSummary: 'Vastauksissa on hälytysvastaus: potilasta on ohjattu soittamaan 112 tai hakeutumaan päivystykseen.',
  },
  se: {
    organisation: 'Organisation',
    version: 'version',
    patient: 'Patient',
    sent: 'Skickad',
    answered: 'Besvarad',
    notAnswered: 'Inte besvarad ännu',
    noAnswer: '(inget svar)',
    redFlag: 'Larmsvar',
    redFlagSummary: 'Svaren innehåller ett larmsvar: patienten har uppmanats att ringa 112 eller söka sig till jouren.',
  },
  en: {
    organisation: 'Organisation',
    version: 'version',
    patient: 'Patient',
    sent: 'Sent',
    answered: 'Answered',
    notAnswered: 'Not answered yet',
    noAnswer: '(no answer)',
    redFlag: 'Red-flag answer',
    redFlagSummary: 'The answers include a red-flag answer: the patient was told to call 112 or go to the emergency department.',
  },
};

export type AnswersPdfInput = {
  organisationName: string;
  surveyName: Localized;
  version: number;
  patientName: string;
  /** Already masked: the date of birth shows, the rest does not. */
  maskedIdentityCode: string;
  sentAt: Date;
  respondedAt: Date | null;
  questions: readonly SurveyQuestion[];
  answers: SurveyAnswers | null;
  /** The reader's language: labels, question texts and option labels. */
  language: Language;
};

/** A time as the reader reads it, in the service's time zone whatever the server's. */
export function pdfTime(instant: Date, language: Language): string {
  return formatInstant(instant, language, 'short');
}

export type AnswerLine = { question: string; answer: string; redFlag: boolean };

/**
 * The visible questions of the version asked with their answers as words (`visibleQuestions`, `answerText`): what
 * the PDF lists, one pair per question; a question left unanswered says so, and an answer picking a red-flag option
 * is flagged (issue 29).
 */
export function answerLines(input: Pick<AnswersPdfInput, 'questions' | 'answers' | 'language'>): AnswerLine[] {
  const answers = input.answers ?? {};
  return visibleQuestions(input.questions, answers).map((q) => ({
    question: q.text[input.language],
    answer: answerText(q, answers[q.id], input.language) || LABELS[input.language].noAnswer,
    redFlag: isRedFlagAnswer(q, answers[q.id]),
  }));
}

/** The red of the red-flag marks; the word says it too, for a print in black and white. */
const ALERT = '#b00020';

/** The answers as a PDF (A4), made in memory: a survey's answers are a few pages at most. */
export function answersPdf(input: AnswersPdfInput): Promise<Buffer> {
  const l = LABELS[input.language];
  const { doc, done } = newPdf({ title: input.surveyName[input.language], creator: input.organisationName });
  pdfHeader(doc, {
    organisationLabel: l.organisation,
    organisationName: input.organisationName,
    title: `${input.surveyName[input.language]} (${l.version} ${input.version})`,
  });
  doc.font('regular').fontSize(11);
  doc.text(`${l.patient}: ${input.patientName}, ${input.maskedIdentityCode}`);
  doc.text(`${l.sent}: ${pdfTime(input.sentAt, input.language)}`);
  doc.text(input.respondedAt ? `${l.answered}: ${pdfTime(input.respondedAt, input.language)}` : l.notAnswered);
  doc.moveDown();

  const lines = answerLines(input);
  if (lines.some((line) => line.redFlag)) {
    doc.font('bold').fontSize(12).fillColor(ALERT).text(`${l.redFlag.toUpperCase()}: ${l.redFlagSummary}`);
    doc.fillColor('#000').moveDown();
  }
  for (const line of lines) {
    doc.font('bold').fontSize(11).text(line.question);
    if (line.redFlag) doc.font('bold').fontSize(11).fillColor(ALERT).text(`${l.redFlag}: ${line.answer}`, { indent: 12 }).fillColor('#000');
    else doc.font('regular').fontSize(11).text(line.answer, { indent: 12 });
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
