import * as repo from './staff.repo';

/** The organisations a member of staff works in, for other modules (they may not read the staff repo). */
export const expertOrganisationsOf = repo.expertOrganisationsOf;
export const adminMembershipsOf = repo.membershipsOf;
export const allOrganisationRefs = repo.allOrganisations;
