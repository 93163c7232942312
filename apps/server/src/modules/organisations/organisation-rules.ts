import type { FeatureFlags, OrganisationContent } from '@prsp/contracts';
import type { FieldIssue } from '../../platform/field-errors';

/**
 * Rules across fields of the stored-plus-submitted organisation (an update may send one of the fields only):
 * the shown redirection buttons are defined ones (0 to 2, spec §9), the primary one is among them, and
 * the patient app has at least one language to show.
 */
export function organisationIssues(content: OrganisationContent, flags: FeatureFlags): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const ids = new Set(content.redirectionButtons.map((b) => b.id));
  if (ids.size !== content.redirectionButtons.length) issues.push({ field: 'redirectionButtons', key: 'invalid' });
  content.redirectionSelectedButtons.forEach((id, i) => {
    if (!ids.has(id)) issues.push({ field: `redirectionSelectedButtons.${i}`, key: 'invalid' });
  });
  content.redirectionPrimaryButtons.forEach((id, i) => {
    if (!content.redirectionSelectedButtons.includes(id))
      issues.push({ field: `redirectionPrimaryButtons.${i}`, key: 'redirectionButtons' });
  });
  if (!flags.finnishEnabled && !flags.swedishEnabled && !flags.englishEnabled) issues.push({ field: 'finnishEnabled', key: 'invalid' });
  return issues;
}
