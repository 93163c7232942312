import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  ORGANISATION_IMAGE_KINDS,
  ORGANISATION_JSON_FIELDS,
  ORGANISATION_TEXT_FIELDS,
  SERVICE_ICON_LABELS,
  ZAdminOrganisation,
  ZAdminOrganisationList,
  ZExpertOrganisation,
  ZOrganisationIdParams,
  ZOrganisationSaved,
  ZServiceIconList,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files/file-store';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { ok } from '../../platform/ok';
import { staffOf } from '../../plugins/access';
import { actorOf } from '../../platform/access/admin-actor';
import type { MultipartBodyDoc } from '../../plugins/openapi-operations';
import { expertOrganisation } from './expert-organisation.service';
import { parseOrganisationForm } from './organisation-form';
import { ORGANISATION_MULTIPART_LIMITS, readOrganisationMultipart } from './organisation-multipart';
import * as organisations from './organisations-admin.service';
import type { Emit } from '../../platform/events/event-hub';

export type OrganisationsAdminRouteOptions = { db: Db; emit: Emit; files: FileStore };

/** The organisation form for the OpenAPI document: its images, and its text and JSON fields (each checked on its own). */
const ORGANISATION_FORM: MultipartBodyDoc = {
  files: ORGANISATION_IMAGE_KINDS.map((name) => ({ name })),
  fields: [...Object.keys(ORGANISATION_TEXT_FIELDS), ...Object.keys(ORGANISATION_JSON_FIELDS)],
};

/** Reads, parses and checks the multipart organisation form; every field problem is answered at once. */
async function readForm(req: FastifyRequest, mode: 'create' | 'update') {
  const { raw, issues: readIssues } = await readOrganisationMultipart(req);
  const { form, issues } = await parseOrganisationForm(raw, mode);
  throwIfFieldIssues([...readIssues, ...issues]);
  return form;
}

/** Organisation administration (spec §7 'Admin organisation'), the icon list, and the expert app's organisation. */
export async function organisationsAdminRoutes(fastify: FastifyInstance, opts: OrganisationsAdminRouteOptions) {
  // Scoped to this plugin: only the organisation form takes multipart bodies.
  await fastify.register(multipart, { limits: ORGANISATION_MULTIPART_LIMITS });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/organisation/list',
    {
      config: { access: { kind: 'anyAdmin', patientData: 'none' } },
      schema: { summary: 'List the organisations the admin works in', response: { 200: okEnvelope(ZAdminOrganisationList) } },
    },
    async (req) => {
      return ok(await organisations.listAdminOrganisations(opts.db, staffOf(req)));
    },
  );

  app.get(
    '/api/admin/organisation/get/:id',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', object: 'organisation', patientData: 'none' } },
      schema: {
        summary: 'Get an organisation’s settings for admins',
        params: ZOrganisationIdParams,
        response: { 200: okEnvelope(ZAdminOrganisation) },
      },
    },
    async (req) => ok(await organisations.getAdminOrganisation(opts.db, staffOf(req), req.params.id)),
  );

  app.post(
    '/api/admin/organisation/create',
    {
      config: { access: { kind: 'globalAdmin', patientData: 'none' } },
      schema: { summary: 'Create an organisation', multipart: ORGANISATION_FORM, response: { 200: okEnvelope(ZOrganisationSaved) } },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(
        await organisations.createOrganisation(opts.db, actor, await readForm(req, 'create'), {
          store: opts.files,
          log: req.log,
        }),
      );
    },
  );

  app.post(
    '/api/admin/organisation/update',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } },
      schema: {
        summary: 'Change the organisation’s settings',
        multipart: ORGANISATION_FORM,
        response: { 200: okEnvelope(ZOrganisationSaved) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(
        await organisations.updateOrganisation(opts.db, opts.emit, actor, await readForm(req, 'update'), {
          store: opts.files,
          log: req.log,
        }),
      );
    },
  );

  app.get(
    '/api/admin/icon/list',
    {
      config: { access: { kind: 'anyAdmin', patientData: 'none' } },
      schema: { summary: 'List the service icons', response: { 200: okEnvelope(ZServiceIconList) } },
    },
    async () => {
      return ok(SERVICE_ICON_LABELS);
    },
  );

  app.get(
    '/api/expert/organisation',
    {
      config: { access: { kind: 'expert', patientData: 'none' } },
      schema: { summary: 'Get the expert’s organisation', response: { 200: okEnvelope(ZExpertOrganisation) } },
    },
    async (req) => {
      return ok(await expertOrganisation(opts.db, req.session!.staffUserId!, req.session!.organisationId));
    },
  );
}
