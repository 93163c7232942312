import { feedbackPeriod, type FeedbackResultsQuery } from '@prsp/contracts';

/**
 * The rules of a from–to period form (feedback results, statistics), as the server applies them (`feedbackPeriod`):
 * `rules` for `useZodForm`, which has the last word on the fields, and `checked`, the period to ask for (with the
 * defaults filled in) or null when the form has errors.
 */
export function periodRules(today: string) {
  return {
    rules: (_draft: unknown, query: FeedbackResultsQuery): Record<string, string> => {
      const checked = feedbackPeriod(query, today);
      return checked.ok ? {} : Object.fromEntries(checked.issues.map((i) => [i.field, i.key]));
    },
    checked: (query: FeedbackResultsQuery): { from: string; to: string } | null => {
      const checked = feedbackPeriod(query, today);
      return checked.ok ? { from: checked.from, to: checked.to } : null;
    },
  };
}
