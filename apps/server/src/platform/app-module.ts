import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { CookieNames } from '../plugins/session';
import type { FieldCipher } from './crypto/field-cipher';
import type { EventHub } from './events/event-hub';
import type { FileStore } from './files/file-store';

/**
 * What `app.ts` hands every module's front door (`modules/<m>/<m>.module.ts`): the configuration (each module reads
 * its own slice), the database, and the app's shared services. The Fastify instance brings the rest that plugins
 * decorated (`jobs`, `realtime`, `readModels`, `virusScanner`).
 */
export type ModuleDeps = {
  config: Config;
  database: Database;
  db: Db;
  cipher: FieldCipher;
  files: FileStore;
  events: EventHub;
  names: CookieNames;
};

/** A module's front door: registers its routes, socket events, job kinds and event subscribers. */
export type AppModule = FastifyPluginAsync<ModuleDeps>;

/** A module's front door, named for Fastify's plugin errors; its decorations (`app.push`) are the app's. */
export function defineModule(name: string, register: (app: FastifyInstance, deps: ModuleDeps) => Promise<void>): AppModule {
  return fp(register, { name });
}
