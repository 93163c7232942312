import { ADMIN_AREAS, PRESET_RIGHTS, effectiveRights, type AdminPreset, type AdminRights } from '@prsp/contracts';

/** The rights stored with a membership: a preset's own, or the custom set with edit implying view. */
export function storedRights(preset: AdminPreset, custom: AdminRights | undefined): AdminRights {
  return preset === 'custom' ? effectiveRights('custom', custom) : PRESET_RIGHTS[preset];
}

/** True when every right in `inner` is also in `outer`. */
export function rightsWithin(inner: AdminRights, outer: AdminRights): boolean {
  return ADMIN_AREAS.every((a) => (!inner[a].view || outer[a].view) && (!inner[a].edit || outer[a].edit));
}

export type Manager = { userId: string; isGlobalAdmin: boolean; rights: AdminRights };
export type Managed = { userId: string; isGlobalAdmin: boolean; rights: AdminRights };

/**
 * Whether an admin may act on another user of the organisation (edit, reset password, lock, log out, delete).
 * A global admin may act on anyone. An organisation admin may act only on a user who is not a global admin
 * and holds no right the admin lacks: otherwise a 'users' right would let a lesser admin lock out or take over
 * a greater one.
 */
export function canManage(manager: Manager, target: Managed): boolean {
  if (manager.isGlobalAdmin) return true;
  if (target.isGlobalAdmin) return false;
  return rightsWithin(target.rights, manager.rights);
}

/** Whether an organisation admin may give these rights: only those they hold themselves (no escalation). */
export function canGrant(manager: Manager, rights: AdminRights): boolean {
  return manager.isGlobalAdmin || rightsWithin(rights, manager.rights);
}
