import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, toLanguage, ZCity, ZCountry, ZNationality, ZSpecialization, zText } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { countryList } from './countries';
import { specializationList } from './directory.service';
import { cityList } from './municipalities';

const ZCitiesParams = z.object({
  lang: zText().check(
    z.maxLength(5, 'tooLong'),
    z.refine((v) => toLanguage(v) !== undefined, 'invalid'),
  ),
});
// The lists change only with a new release: the browser may keep them for an hour.
const STATIC_LIST_CACHE = 'private, max-age=3600';

/** Public lists of spec §7 'Session and lists': cities, countries, nationalities, specializations. */
export async function directoryRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cities = okEnvelope(z.array(ZCity));

  app.get(
    '/api/list/cities',
    { config: { access: { kind: 'anyone' } }, schema: { summary: 'List the municipalities', response: { 200: cities } } },
    async (_req, reply) => {
      reply.header('cache-control', STATIC_LIST_CACHE);
      return ok(cityList('fi'));
    },
  );

  app.get(
    '/api/list/cities/:lang',
    {
      config: { access: { kind: 'anyone' } },
      schema: { summary: 'List the municipalities in a language', params: ZCitiesParams, response: { 200: cities } },
    },
    async (req, reply) => {
      reply.header('cache-control', STATIC_LIST_CACHE);
      return ok(cityList(toLanguage(req.params.lang)!));
    },
  );

  app.get(
    '/api/list/countries',
    { config: { access: { kind: 'anyone' } }, schema: { summary: 'List the countries', response: { 200: okEnvelope(z.array(ZCountry)) } } },
    async (_req, reply) => {
      reply.header('cache-control', STATIC_LIST_CACHE);
      return ok(countryList());
    },
  );

  // Nationalities are named by their country, in the same three languages.
  app.get(
    '/api/list/nationalities',
    {
      config: { access: { kind: 'anyone' } },
      schema: { summary: 'List the nationalities', response: { 200: okEnvelope(z.array(ZNationality)) } },
    },
    async (_req, reply) => {
      reply.header('cache-control', STATIC_LIST_CACHE);
      return ok(countryList());
    },
  );

  const specializations = okEnvelope(z.array(ZSpecialization));
  app.get(
    '/api/list/specializations',
    { config: { access: { kind: 'anyone' } }, schema: { summary: 'List the specialisations', response: { 200: specializations } } },
    async () => ok(await specializationList(opts.db, false)),
  );
  app.get(
    '/api/list/specializations/existing',
    {
      config: { access: { kind: 'anyone' } },
      schema: { summary: 'List the specialisations services use', response: { 200: specializations } },
    },
    async () => ok(await specializationList(opts.db, true)),
  );
}
