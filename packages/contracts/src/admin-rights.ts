import { z } from 'zod/mini';

/** The areas an admin's rights are set over (spec §6), each with separate view and edit. */
export const ADMIN_AREAS = ['chatCodes', 'experts', 'bookings', 'users', 'serviceSettings'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export const ZAreaRights = z.object({ view: z.boolean(), edit: z.boolean() });
export const ZAdminRights = z.object(Object.fromEntries(ADMIN_AREAS.map((a) => [a, ZAreaRights])) as Record<AdminArea, typeof ZAreaRights>);
export type AdminRights = z.infer<typeof ZAdminRights>;

export const ADMIN_PRESETS = ['booker', 'organisationAdmin', 'operationalAdmin', 'custom'] as const;
export type AdminPreset = (typeof ADMIN_PRESETS)[number];

const none = { view: false, edit: false };
const view = { view: true, edit: false };
const full = { view: true, edit: true };

/**
 * The spec leaves the preset mapping open; this is ours (documented in docs/admin-rights.md):
 * - Booker runs the calendar: bookings, and sees the experts it books for.
 * - Operational Admin runs daily work: bookings, experts and chat codes; sees users and service settings.
 * - Organization Admin runs the organisation: everything.
 * Custom starts from nothing and is set right by right.
 */
export const PRESET_RIGHTS: Record<Exclude<AdminPreset, 'custom'>, AdminRights> = {
  booker: { chatCodes: none, experts: view, bookings: full, users: none, serviceSettings: none },
  operationalAdmin: { chatCodes: full, experts: full, bookings: full, users: view, serviceSettings: view },
  organisationAdmin: { chatCodes: full, experts: full, bookings: full, users: full, serviceSettings: full },
};

export const NO_RIGHTS: AdminRights = { chatCodes: none, experts: none, bookings: none, users: none, serviceSettings: none };

/** The rights a membership really has: a preset's own, or the custom set with edit implying view. */
export function effectiveRights(preset: AdminPreset, custom: AdminRights | undefined): AdminRights {
  if (preset !== 'custom') return PRESET_RIGHTS[preset];
  const base = custom ?? NO_RIGHTS;
  return Object.fromEntries(ADMIN_AREAS.map((a) => [a, { view: base[a].view || base[a].edit, edit: base[a].edit }])) as AdminRights;
}

export function allows(rights: AdminRights, area: AdminArea, need: 'view' | 'edit'): boolean {
  return rights[area][need];
}
