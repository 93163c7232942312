import type { RedirectionButton } from '@prsp/contracts';

/** Spec §9 'Redirect buttons selectable 0 to 2'; spec §2 'with one primary'. */
export const MAX_SELECTED_BUTTONS = 2;

/** Whether the selection of shown and primary buttons is allowed; the message key when not. */
export function redirectionSelectionError(selected: readonly string[], primary: readonly string[]): string | undefined {
  if (selected.length > MAX_SELECTED_BUTTONS) return 'redirectionButtons';
  if (primary.length > 1) return 'redirectionButtons';
  if (primary.some((id) => !selected.includes(id))) return 'redirectionButtons';
  return undefined;
}

/** Toggling a button on or off the page: a third one cannot be added; a button taken off is no longer primary. */
export function toggleSelected(
  selected: readonly string[],
  primary: readonly string[],
  id: string,
  on: boolean,
): { selected: string[]; primary: string[] } {
  if (on) {
    if (selected.includes(id) || selected.length >= MAX_SELECTED_BUTTONS) return { selected: [...selected], primary: [...primary] };
    return { selected: [...selected, id], primary: [...primary] };
  }
  return { selected: selected.filter((s) => s !== id), primary: primary.filter((p) => p !== id) };
}

/** A new custom button: an id no other button has, empty texts for the admin to fill in. */
export function newButton(existing: readonly RedirectionButton[]): RedirectionButton {
  let n = existing.length + 1;
  while (existing.some((b) => b.id === `button-${n}`)) n++;
  const empty = { text: '', url: '' };
  return { id: `button-${n}`, details: { fi: { ...empty }, se: { ...empty }, en: { ...empty } } };
}
