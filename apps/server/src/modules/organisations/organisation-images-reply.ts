import type { FastifyReply } from 'fastify';
import type { FileStore } from '../../platform/files/file-store';
import { fileHeaders, sendStoredFile, type ServeOptions } from '../../platform/files/serve-file';
import type { OrganisationImage } from './organisations.service';

/**
 * Theme images are public page images (guests and the sign-in page show them): inline, with a name the
 * server made, and cached briefly so a replaced logo shows within minutes even without the URL's version.
 */
const IMAGE_SERVING: ServeOptions = { disposition: 'inline', cacheControl: 'public, max-age=300' };

/** Answers with a theme image: streamed from the file store, or bytes kept from before the store. */
export async function replyWithOrganisationImage(reply: FastifyReply, store: FileStore, image: OrganisationImage): Promise<FastifyReply> {
  if (image.kind === 'stored') return sendStoredFile(reply, store, image.file, IMAGE_SERVING);
  return reply.headers(fileHeaders(image, IMAGE_SERVING)).send(image.data);
}
