/**
 * A documentation form reopened from the outbox (navigation state `outboxId`): the queued values and
 * files fill the form, the item is held (not sent) while the form is open, and goes back to the
 * outbox as it was if the user leaves without saving.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { holdForEditing, releaseEditing } from '../../../offline/outbox';
import type { OutboxItem } from '../../../offline/outbox-types';
import { EMPTY_VALUES, type DocumentationFormValues } from '../form-values';

type FileSlot = 'salesInvoice' | 'weightCertificate' | 'BL' | 'radioactiveCertificate';

export function valuesFromOutbox(item: OutboxItem): DocumentationFormValues {
  const values: DocumentationFormValues = {
    ...EMPTY_VALUES,
    ...(item.draft?.values as Partial<DocumentationFormValues>),
    photos: [],
  };
  const files = (item.request.parts ?? []).filter((part) => part.kind === 'file');
  files.forEach((part, index) => {
    const slot = item.draft?.fileSlots[index];
    const file = part.blob instanceof File ? part.blob : new File([part.blob], part.filename, { type: part.blob.type });
    if (slot === 'photos') values.photos = [...values.photos, file];
    else if (slot) values[slot as FileSlot] = file;
  });
  return values;
}

export interface OutboxDraft {
  outboxId: string | null;
  /** The reopened item, once its values are in the form. */
  item: OutboxItem | null;
}

export function useOutboxDraft(form: UseFormReturnType<DocumentationFormValues>): OutboxDraft {
  const state = useLocation().state as { outboxId?: unknown } | null;
  const outboxId = typeof state?.outboxId === 'string' ? state.outboxId : null;
  const [item, setItem] = useState<OutboxItem | null>(null);
  useEffect(() => {
    if (!outboxId) return;
    let live = true;
    void holdForEditing(outboxId).then((held) => {
      if (!live || !held) return;
      form.initialize(valuesFromOutbox(held));
      setItem(held);
    });
    return () => {
      live = false;
      void releaseEditing(outboxId);
    };
    // Once per reopened item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outboxId]);
  return { outboxId, item };
}

/** The form values that go into the outbox draft (files travel as the request's parts). */
export function draftValues(values: DocumentationFormValues): Record<string, unknown> {
  const { salesInvoice: _a, weightCertificate: _b, BL: _c, radioactiveCertificate: _d, photos: _e, ...rest } = values;
  return rest;
}
