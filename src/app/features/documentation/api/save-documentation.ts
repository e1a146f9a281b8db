/**
 * POST and PUT of truck and railcar documentation (spec section 7, DESIGN.md section 5): on create the
 * files go as repeated `files[]` in the spec's order (sales invoice, weight certificate, B/L, radioactive
 * certificate, then the photos); on update as the named parts, only those the user replaced. The JSON
 * part is a Blob of type application/json so the server reads it as JSON.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../../shared/schemas/documentation';
import { apiFetch } from '../../../lib/api-client';
import type { Documentation, DocumentationMode } from '../types';

export interface DocumentationFiles {
  documents: Partial<Record<DocumentSlot, File>>;
  photos: File[];
}

const BASE: Record<DocumentationMode, string> = { TRUCK: '/trucks-documentation', RAILCAR: '/railcar-documentation' };
const JSON_PART: Record<DocumentationMode, string> = { TRUCK: 'truckDocumentation', RAILCAR: 'railcarDocumentation' };

export function buildDocumentationBody(
  mode: DocumentationMode,
  payload: Record<string, unknown>,
  files: DocumentationFiles,
  kind: 'create' | 'update',
): FormData {
  const body = new FormData();
  for (const slot of DOCUMENT_SLOTS) {
    const file = files.documents[slot];
    if (file) body.append(kind === 'create' ? 'files[]' : slot, file, file.name);
  }
  for (const photo of files.photos) body.append(kind === 'create' ? 'files[]' : 'photos', photo, photo.name);
  body.append(JSON_PART[mode], new Blob([JSON.stringify(payload)], { type: 'application/json' }));
  return body;
}

export interface SaveDocumentationInput {
  mode: DocumentationMode;
  /** The documentation id when updating. */
  id?: number | undefined;
  payload: Record<string, unknown>;
  files: DocumentationFiles;
}

export async function saveDocumentation({ mode, id, payload, files }: SaveDocumentationInput): Promise<Documentation> {
  const kind = id === undefined ? 'create' : 'update';
  const body = buildDocumentationBody(mode, payload, files, kind);
  const path = id === undefined ? BASE[mode] : `${BASE[mode]}/${id}`;
  const answer = await apiFetch<{ truckDocumentation?: Documentation; railcarDocumentation?: Documentation }>(path, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
  });
  const saved = mode === 'TRUCK' ? answer.truckDocumentation : answer.railcarDocumentation;
  if (!saved) throw new Error('The server did not return the documentation');
  return saved;
}

export function useSaveDocumentation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDocumentation,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['tickets'] });
      await client.invalidateQueries({ queryKey: ['documentation'] });
    },
  });
}
