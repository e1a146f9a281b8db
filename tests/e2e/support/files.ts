/** Small valid files for the browser's file chooser: a one-page PDF and a 1×1 PNG. */
import { pdf as onePagePdf } from '../../fixtures/files';

export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// The server parses an uploaded PDF and refuses one without a page (decision 0003 in src/server/http).
export const pdf = (name: string): ChosenFile => ({ name, mimeType: 'application/pdf', buffer: onePagePdf() });

export const png = (name: string): ChosenFile => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
});
