/**
 * PUT /download: streams a stored file to a caller who can see its ticket, named
 * `tripID-{ticketId}-{type}-{YYYY-MM-DD}.{ext}`. Anything else is 404.
 */
import type { FastifyInstance } from 'fastify';
import { DownloadFileSchema } from '../../../shared/schemas/documentation';
import { REQUEST_MSG } from '../../../shared/schemas/request-messages';
import { HttpError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { findDownloadableFile } from '../../repositories/files';
import { downloadName } from '../../services/download-name';

export async function fileRoutes(app: FastifyInstance) {
  defineRoute(app)({
    method: 'PUT',
    url: '/download',
    access: 'file:download',
    body: DownloadFileSchema,
    tags: ['files'],
    summary: 'Download a stored file',
    handler: async ({ user, body: { key }, reply }) => {
      const file = await findDownloadableFile(app.db, user, key);
      // One request to the store: the object is fetched or known to be missing before anything is sent.
      const body = file && (await app.files.open(file.key));
      if (!file || !body) throw new HttpError(404, REQUEST_MSG.fileNotFound);
      const name = downloadName(file);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  });
}
