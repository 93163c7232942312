import type { OrganisationFileKind } from './organisations.repo';

export type FileStamp = { kind: OrganisationFileKind; updatedAt: Date };

/** Where the patient app loads an organisation's theme image; the version makes a replaced image load anew. */
export function organisationFileUrl(organisationId: string, file: FileStamp): string {
  return `/api/files/organisations/${organisationId}/${file.kind}?v=${file.updatedAt.getTime()}`;
}
