import {
  ZGlobalUserCreate,
  ZGlobalUserUpdate,
  ZOrganisationUserCreate,
  ZOrganisationUserUpdate,
  type AdminPreset,
  type AdminRights,
  type GlobalUser,
  type Language,
  type OrganisationUser,
} from '@prsp/contracts';

export type Membership = { organisationId: string; preset: AdminPreset; rights: AdminRights | undefined };

export type UserFormState = {
  firstName: string;
  lastName: string;
  email: string;
  language: Language;
  preset: AdminPreset;
  rights: AdminRights | undefined;
  active: boolean;
  organisationId: string;
  isGlobalAdmin: boolean;
  memberships: Membership[];
};

export function initialState(user: OrganisationUser | GlobalUser | undefined, organisationId: string): UserFormState {
  const memberships =
    user && 'memberships' in user
      ? user.memberships.map((m) => ({ organisationId: m.organisationId, preset: m.preset, rights: m.rights }))
      : [];
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    language: 'fi',
    preset: user && 'preset' in user ? user.preset : 'organisationAdmin',
    rights: user && 'rights' in user ? user.rights : undefined,
    active: user ? user.status !== 'inactive' : true,
    organisationId,
    isGlobalAdmin: user?.isGlobalAdmin ?? false,
    memberships,
  };
}

const rightsIfCustom = (preset: AdminPreset, rights: AdminRights | undefined) => (preset === 'custom' ? { rights } : {});

/** The body each of the four calls takes, checked with its own contract schema before sending. */
export function bodyOf(scope: 'organisation' | 'global', editing: boolean, s: UserFormState) {
  if (scope === 'organisation' && !editing)
    return {
      schema: ZOrganisationUserCreate,
      body: {
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        language: s.language,
        preset: s.preset,
        ...rightsIfCustom(s.preset, s.rights),
      },
    };
  if (scope === 'organisation')
    return {
      schema: ZOrganisationUserUpdate,
      body: { firstName: s.firstName, lastName: s.lastName, active: s.active, preset: s.preset, ...rightsIfCustom(s.preset, s.rights) },
    };
  if (!editing)
    return {
      schema: ZGlobalUserCreate,
      body: {
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        language: s.language,
        preset: s.preset,
        ...rightsIfCustom(s.preset, s.rights),
        organisationId: s.organisationId,
        isGlobalAdmin: s.isGlobalAdmin,
      },
    };
  return {
    schema: ZGlobalUserUpdate,
    body: {
      firstName: s.firstName,
      lastName: s.lastName,
      active: s.active,
      isGlobalAdmin: s.isGlobalAdmin,
      memberships: s.memberships.map((m) => ({
        organisationId: m.organisationId,
        preset: m.preset,
        ...rightsIfCustom(m.preset, m.rights),
      })),
    },
  };
}
