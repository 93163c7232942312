import {
  CONDITION_SOURCE_TYPES,
  ZSurveyTemplateInput,
  type Localized,
  type SurveyKind,
  type SurveyOption,
  type SurveyQuestion,
  type SurveyQuestionType,
  type SurveyTemplate,
  type SurveyTemplateInput,
} from '@prsp/contracts';
import { schemaErrors } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/validation';

/** The builder's form: a template's fields as the admin edits them (the questions already in the model's shape). */
export type BuilderForm = {
  name: Localized;
  intro: Localized;
  kind: SurveyKind;
  /** A new template of a global admin: global (no organisation), and offered to every organisation when shared. */
  global: boolean;
  shared: boolean;
  questions: SurveyQuestion[];
};

const empty = (): Localized => ({ fi: '', se: '', en: '' });
export const isChoice = (type: SurveyQuestionType) => type === 'single' || type === 'multiple';

export function initialBuilderForm(template?: SurveyTemplate): BuilderForm {
  if (!template) return { name: empty(), intro: empty(), kind: 'survey', global: false, shared: false, questions: [] };
  const { name, intro, kind, isGlobal, shared, questions } = template;
  return { name, intro, kind, global: isGlobal, shared, questions };
}

/** The first `prefix`N not taken: ids stay stable across versions, so conditions and answers keep meaning. */
export function nextId(prefix: string, taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export function newOption(taken: readonly SurveyOption[]): SurveyOption {
  return {
    id: nextId(
      'o',
      taken.map((o) => o.id),
    ),
    label: empty(),
  };
}

export function newQuestion(questions: readonly SurveyQuestion[], type: SurveyQuestionType): SurveyQuestion {
  const q: SurveyQuestion = {
    id: nextId(
      'q',
      questions.map((x) => x.id),
    ),
    type,
    text: empty(),
    required: false,
  };
  if (isChoice(type)) {
    const first = newOption([]);
    q.options = [first, newOption([first])];
  }
  return q;
}

/** An option marked as a red flag, or not: unmarked, the key is left out, as options made before red flags were. */
export function withRedFlag(option: SurveyOption, on: boolean): SurveyOption {
  const { redFlag: _redFlag, ...rest } = option;
  return on ? { ...rest, redFlag: true } : rest;
}

/** A new type keeps the texts; choices get two options when they had none, others lose theirs and the range. */
export function withType(q: SurveyQuestion, type: SurveyQuestionType): SurveyQuestion {
  const { options, min: _min, max: _max, ...rest } = q;
  const next: SurveyQuestion = { ...rest, type };
  if (isChoice(type)) {
    const first = newOption([]);
    next.options = options?.length ? options : [first, newOption([first])];
  }
  if (type === 'number') Object.assign(next, q.min !== undefined ? { min: q.min } : {}, q.max !== undefined ? { max: q.max } : {});
  return next;
}

/** The list with the item at `index` moved by one place up (-1) or down (1); out of range leaves it as it is. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Earlier questions a condition of the question at `index` may name. */
export function conditionSources(questions: readonly SurveyQuestion[], index: number): SurveyQuestion[] {
  return questions.slice(0, index).filter((q) => CONDITION_SOURCE_TYPES.includes(q.type));
}

/** Removing a question drops the conditions that named it, so the survey stays valid. */
export function withoutQuestion(questions: readonly SurveyQuestion[], index: number): SurveyQuestion[] {
  const gone = questions[index]?.id;
  return questions
    .filter((_, i) => i !== index)
    .map((q) => {
      if (q.showIf?.questionId !== gone) return q;
      const { showIf: _showIf, ...rest } = q;
      return rest;
    });
}

const hasText = (text: Localized | undefined) => Boolean(text && (text.fi.trim() || text.se.trim() || text.en.trim()));

/** The body the server takes: help only when written; `global` only on create. */
export function builderBody(form: BuilderForm, isNew: boolean): SurveyTemplateInput {
  const questions = form.questions.map((q) => {
    const { help, ...rest } = q;
    return hasText(help) ? q : rest;
  });
  return {
    name: form.name,
    intro: form.intro,
    kind: form.kind,
    questions,
    ...(isNew && form.global ? { global: true } : {}),
    ...(form.global ? { shared: form.shared } : {}),
  };
}

/** The same rules as the server's: the contract's schema with the survey model's checks. */
export function builderErrors(body: SurveyTemplateInput): FieldErrors {
  return schemaErrors(ZSurveyTemplateInput, body);
}
