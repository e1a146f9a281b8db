/**
 * PUT /download (spec section 7): streams a stored file to a caller who can see its ticket, named
 * `tripID-{ticketId}-{type}-{YYYY-MM-DD}.{ext}` (DESIGN.md section 6). Anything else is 404.
 */
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES, EXTENSIONS, type DetectedType } from '../../../shared/domain/file-rules';
import { DownloadFileSchema } from '../../../shared/schemas/documentation';
import { HttpError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { findDownloadableFile, type DownloadableFile } from '../../repositories/files';

/** The download name: the type is the document kind (photos numbered), the date the upload day. */
export function downloadName(
  file: Pick<DownloadableFile, 'ticketId' | 'kind' | 'position' | 'day' | 'contentType' | 'name'>,
): string {
  const type = file.kind === 'photo' ? `photo${file.position || 1}` : file.kind;
  const detected = (Object.keys(CONTENT_TYPES) as DetectedType[]).find((t) => CONTENT_TYPES[t] === file.contentType);
  const ext = detected
    ? EXTENSIONS[detected]
    : (file.name.split('.').pop() ?? 'bin').toLowerCase().replace(/[^a-z0-9]/g, '') || 'bin';
  return `tripID-${file.ticketId}-${type}-${file.day}.${ext}`;
}

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
      if (!file || !(await app.files.exists(file.key))) throw new HttpError(404, 'File not found');
      const name = downloadName(file);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(app.files.read(file.key));
    },
  });
}
