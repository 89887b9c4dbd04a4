import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { TEXTAREA_MAX_LENGTH } from '@veritext/contracts';
import { MAX_FILE_BYTES } from '@veritext/extract';
import type { FastifyInstance } from 'fastify';

/** A file received in a multipart form, held in memory (25 MB at most, one per request). */
export type UploadedFile = { fieldName: string; fileName: string; bytes: Buffer };

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart request; fields go to the body, parsed by the route's schema. */
    uploads: UploadedFile[];
  }
  interface FastifyContextConfig {
    /** The route takes its files itself (streamed to disk, say) instead of into `request.uploads`. */
    fileSink?: (request: FastifyRequest, part: MultipartFile) => Promise<void>;
  }
}

/**
 * Multipart forms: text fields become the body (validated by the route's zod schema like a
 * urlencoded form), the one file a request may carry goes to `request.uploads`. A file over the
 * spec's 25 MB is refused while it streams in.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  app.decorateRequest('uploads', null as unknown as UploadedFile[]);
  app.addHook('onRequest', async (request) => {
    request.uploads = [];
  });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      files: 1,
      fileSize: MAX_FILE_BYTES,
      fields: 20,
      parts: 21,
      // a text field carries up to TEXTAREA_MAX_LENGTH characters of up to 4 bytes each in UTF-8
      fieldSize: TEXTAREA_MAX_LENGTH * 4,
    },
    async onFile(part) {
      const sink = this.routeOptions.config.fileSink;
      if (sink !== undefined) {
        await sink(this, part);
        return;
      }
      // Read the stream here rather than with toBuffer(), so the bytes stay out of the body.
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      this.uploads.push({ fieldName: part.fieldname, fileName: part.filename, bytes: Buffer.concat(chunks) });
    },
  });
}
