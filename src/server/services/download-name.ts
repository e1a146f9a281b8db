import { CONTENT_TYPES, EXTENSIONS, type DetectedType } from '../../shared/domain/file-rules';
import type { DownloadableFile } from '../repositories/files';

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
