/** Small valid files for the browser's file chooser: a one-page-less PDF and a 1×1 PNG. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const pdf = (name: string): ChosenFile => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  ),
});

export const png = (name: string): ChosenFile => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
});
