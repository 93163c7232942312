import { z } from 'zod/mini';
import { zText } from './text';
import { ADMIN_PRESETS, ZAdminRights } from './admin-rights';
import { ZStaffEmail } from './staff';

/** Spec §4 'User statuses': no password set, inactive (not active), active. Locked is shown beside it. */
export const STAFF_USER_STATUSES = ['noPassword', 'inactive', 'active'] as const;
export const ZStaffUserStatus = z.enum(STAFF_USER_STATUSES);
export type StaffUserStatus = z.infer<typeof ZStaffUserStatus>;

export const ZAdminPreset = z.enum(ADMIN_PRESETS);
export const USER_LIST_MAX_PAGE_SIZE = 100;

const positiveInt = () => z.coerce.number().check(z.refine(Number.isInteger, 'invalid'), z.minimum(1, 'invalid'));

/** Query of the user lists: search by name or e-mail (case-insensitive), paged. */
export const ZUserListQuery = z.object({
  search: z.optional(zText().check(z.trim(), z.maxLength(100, 'tooLong'))),
  page: z._default(positiveInt(), 1),
  pageSize: z._default(positiveInt().check(z.maximum(USER_LIST_MAX_PAGE_SIZE, 'invalid')), 20),
});
export type UserListQuery = z.infer<typeof ZUserListQuery>;

export const ZUserIdParams = z.object({ id: z.uuid('invalid') });

/** One admin's place in one organisation. */
export const ZMembership = z.object({
  organisationId: z.string(),
  organisationName: z.string(),
  preset: ZAdminPreset,
  rights: ZAdminRights,
});
export type Membership = z.infer<typeof ZMembership>;

const userBase = {
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: ZStaffUserStatus,
  /** Locked by an admin. */
  locked: z.boolean(),
  /** Set while a run of wrong passwords keeps the account shut (ISO time it opens again). */
  lockedUntil: z.nullable(z.iso.datetime()),
  lastLogin: z.nullable(z.iso.datetime()),
  isGlobalAdmin: z.boolean(),
};

/** A row of the organisation's admin list, with the preset and rights in that organisation. */
export const ZOrganisationUser = z.object({ ...userBase, preset: ZAdminPreset, rights: ZAdminRights });
export type OrganisationUser = z.infer<typeof ZOrganisationUser>;

/** A row of global user management: any member of staff, with every organisation they administer or work in. */
export const ZGlobalUser = z.object({
  ...userBase,
  memberships: z.array(ZMembership),
  expertOrganisations: z.array(z.object({ organisationId: z.string(), organisationName: z.string() })),
});
export type GlobalUser = z.infer<typeof ZGlobalUser>;

export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });
}
export const ZOrganisationUserPage = pageOf(ZOrganisationUser);
export const ZGlobalUserPage = pageOf(ZGlobalUser);
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Spec §5 'User': correct first name, last name and e-mail; organisation selected. */
const name = () => zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(100, 'tooLong'));

/** Preset and, for Custom, the rights set one by one; other presets take their rights from PRESET_RIGHTS. */
const presetAndRights = { preset: ZAdminPreset, rights: z.optional(ZAdminRights) };

/** Create an admin in the caller's organisation. */
export const ZOrganisationUserCreate = z.object({
  firstName: name(),
  lastName: name(),
  email: ZStaffEmail,
  language: z._default(z.enum(['fi', 'se', 'en']), 'fi'),
  ...presetAndRights,
});
export type OrganisationUserCreate = z.infer<typeof ZOrganisationUserCreate>;

/** Create an admin in a chosen organisation (global user management), optionally a global admin. */
export const ZGlobalUserCreate = z.object({
  ...ZOrganisationUserCreate.shape,
  organisationId: z.uuid('required'),
  isGlobalAdmin: z._default(z.boolean(), false),
});
export type GlobalUserCreate = z.infer<typeof ZGlobalUserCreate>;

/** Edit an admin of the caller's organisation: names, preset and rights there, active. */
export const ZOrganisationUserUpdate = z.object({ firstName: name(), lastName: name(), active: z.boolean(), ...presetAndRights });
export type OrganisationUserUpdate = z.infer<typeof ZOrganisationUserUpdate>;

/** Edit any member of staff: names, active, global admin, and the full list of organisations they administer. */
export const ZGlobalUserUpdate = z.object({
  firstName: name(),
  lastName: name(),
  active: z.boolean(),
  isGlobalAdmin: z.boolean(),
  memberships: z.array(z.object({ organisationId: z.uuid('required'), ...presetAndRights })).check(z.maxLength(500, 'tooLong')),
});
export type GlobalUserUpdate = z.infer<typeof ZGlobalUserUpdate>;
