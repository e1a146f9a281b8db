/**
 * PUT /download: streams a stored file to a caller who can see its ticket, named
 * `tripID-{ticketId}-{type}-{YYYY-MM-DD}.{ext}`. Anything else is 404. With `?inline=1` a PDF or an image
 * is answered `Content-Disposition: inline` for the reviewers' viewer (same authorization: the same
 * lookup answers both); any other type is still an attachment, so a stored file is never shown as a page.
 */
import type { FastifyInstance } from 'fastify';
import { DownloadFileSchema, DownloadQuerySchema } from '../../../shared/schemas/documentation';
import { REQUEST_MSG } from '../../../shared/schemas/request-messages';
import { HttpError } from '../../http/errors';
import { defineRoute, fileAnswer } from '../../http/route';
import { findDownloadableFile } from '../../repositories/files';
import { downloadName } from '../../services/download-name';

/** What a browser may show in the page: PDFs and the image types the upload rules let in. */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp|bmp))$/;

export async function fileRoutes(app: FastifyInstance) {
  defineRoute(app)({
    method: 'PUT',
    url: '/download',
    access: 'file:download',
    body: DownloadFileSchema,
    query: DownloadQuerySchema,
    response: fileAnswer('the type the file was stored with'),
    tags: ['files'],
    summary: 'Download a stored file, or show it (inline=1)',
    handler: async ({ user, body: { key }, query, reply }) => {
      const file = await findDownloadableFile(app.db, user, key);
      // One request to the store: the object is fetched or known to be missing before anything is sent.
      const body = file && (await app.files.open(file.key));
      if (!file || !body) throw new HttpError(404, REQUEST_MSG.fileNotFound);
      const name = downloadName(file);
      const inline = query.inline === true && INLINE_TYPES.test(file.contentType);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  });
}
