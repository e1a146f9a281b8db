/**
 * POST and PUT of truck and railcar documentation: on create the
 * files go as repeated `files[]` in the spec's order (sales invoice, weight certificate, B/L, radioactive
 * certificate, then the photos); on update as the named parts, only those the user replaced. The JSON
 * part is a Blob of type application/json so the server reads it as JSON.
 *
 * The supplier forms save through the outbox (src/app/offline): sent at once when online, kept with
 * its files in IndexedDB and replayed with the same Idempotency-Key when not.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../../shared/schemas/documentation';
import { apiFetch } from '../../../lib/api-client';
import { removeItem } from '../../../offline/outbox';
import type { OutboxPart } from '../../../offline/outbox-types';
import { buildBody } from '../../../offline/request';
import { submitThroughOutbox } from '../../../offline/submit';
import type { Documentation, DocumentationMode } from '../types';
import { documentationKeys, ticketKeys } from '../../../lib/query-keys';

export interface DocumentationFiles {
  documents: Partial<Record<DocumentSlot, File>>;
  photos: File[];
}

const BASE: Record<DocumentationMode, string> = { TRUCK: '/trucks-documentation', RAILCAR: '/railcar-documentation' };
const JSON_PART: Record<DocumentationMode, string> = { TRUCK: 'truckDocumentation', RAILCAR: 'railcarDocumentation' };

/** The multipart parts in the order they are sent, and which form slot each file part comes from. */
export function documentationParts(
  mode: DocumentationMode,
  payload: Record<string, unknown>,
  files: DocumentationFiles,
  kind: 'create' | 'update',
): { parts: OutboxPart[]; fileSlots: string[] } {
  const parts: OutboxPart[] = [];
  const fileSlots: string[] = [];
  for (const slot of DOCUMENT_SLOTS) {
    const file = files.documents[slot];
    if (!file) continue;
    parts.push({ kind: 'file', name: kind === 'create' ? 'files[]' : slot, blob: file, filename: file.name });
    fileSlots.push(slot);
  }
  for (const photo of files.photos) {
    parts.push({ kind: 'file', name: kind === 'create' ? 'files[]' : 'photos', blob: photo, filename: photo.name });
    fileSlots.push('photos');
  }
  parts.push({ kind: 'json', name: JSON_PART[mode], json: JSON.stringify(payload) });
  return { parts, fileSlots };
}

export function buildDocumentationBody(
  mode: DocumentationMode,
  payload: Record<string, unknown>,
  files: DocumentationFiles,
  kind: 'create' | 'update',
): FormData {
  const { body } = buildBody({ method: 'POST', path: '', parts: documentationParts(mode, payload, files, kind).parts });
  return body as FormData;
}

export interface SaveDocumentationInput {
  mode: DocumentationMode;
  /** The documentation id when updating. */
  id?: number | undefined;
  payload: Record<string, unknown>;
  files: DocumentationFiles;
}

type SaveAnswer = { truckDocumentation?: Documentation; railcarDocumentation?: Documentation };

function savedOf(mode: DocumentationMode, answer: SaveAnswer): Documentation {
  const saved = mode === 'TRUCK' ? answer.truckDocumentation : answer.railcarDocumentation;
  if (!saved) throw new Error('The server did not return the documentation');
  return saved;
}

/** Online only (the admin's edit form). */
export async function saveDocumentation({ mode, id, payload, files }: SaveDocumentationInput): Promise<Documentation> {
  const kind = id === undefined ? 'create' : 'update';
  const body = buildDocumentationBody(mode, payload, files, kind);
  const path = id === undefined ? BASE[mode] : `${BASE[mode]}/${id}`;
  const answer = await apiFetch<SaveAnswer>(path, { method: id === undefined ? 'POST' : 'PUT', body });
  return savedOf(mode, answer);
}

export function useSaveDocumentation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDocumentation,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ticketKeys.all });
      await client.invalidateQueries({ queryKey: documentationKeys.all });
    },
  });
}

export interface OutboxSaveInput extends SaveDocumentationInput {
  /** The outbox item id (its Idempotency-Key), chosen by the form to follow its upload progress. */
  itemId: string;
  ticketId: number;
  /** The form values without files, to reopen the form from the outbox. */
  values: Record<string, unknown>;
  editTicket?: unknown;
  /** The outbox item this save replaces (the user reopened it from the outbox). */
  replaces?: string | null | undefined;
}

export type OutboxSaveResult =
  { status: 'sent'; documentation: Documentation } | { status: 'queued'; reason: 'offline' | 'busy' };

/** The supplier's save: sent now, or kept in the outbox when there is no connection. */
export async function saveDocumentationThroughOutbox(input: OutboxSaveInput): Promise<OutboxSaveResult> {
  const { mode, id, payload, files } = input;
  const kind = id === undefined ? 'create' : 'update';
  const { parts, fileSlots } = documentationParts(mode, payload, files, kind);
  const result = await submitThroughOutbox({
    id: input.itemId,
    kind: 'documentation',
    ticketId: input.ticketId,
    request: {
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? BASE[mode] : `${BASE[mode]}/${id}`,
      parts,
    },
    draft: { mode, docId: id, editTicket: input.editTicket, values: input.values, fileSlots },
  });
  // The reopened item is replaced only once the new one is sent or safely queued.
  if (input.replaces) await removeItem(input.replaces);
  if (result.status === 'queued') return { status: 'queued', reason: result.reason };
  return { status: 'sent', documentation: savedOf(mode, result.body as SaveAnswer) };
}

export function useSaveDocumentationThroughOutbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDocumentationThroughOutbox,
    // The outbox keeps it when offline; TanStack Query must not hold it back as a paused mutation.
    networkMode: 'always',
    onSuccess: async (result) => {
      if (result.status !== 'sent') return;
      await client.invalidateQueries({ queryKey: ticketKeys.all });
      await client.invalidateQueries({ queryKey: documentationKeys.all });
    },
  });
}
