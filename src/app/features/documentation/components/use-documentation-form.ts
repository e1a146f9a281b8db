/**
 * What the supplier's truck and railcar documentation forms share: the form state, the confirmed-ticket
 * pick list or the edited ticket's stored documentation, the outbox draft, the lock, the upload progress
 * and the save through the outbox with its common outcomes (queued, a full device, field errors).
 *
 * What differs stays in each form, passed in here: the mode, how a ticket fills the first values, which
 * tickets the pick list keeps, and what a save or a failure says (the railcar texts are the spec's own,
 * and a railcar update that fails goes back unless a field can be fixed).
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { availableActions, type ActionUser, type AvailableAction } from '../../../../shared/domain/available-actions';
import { useMessageTranslator } from '../../../lib/messages';
import { getSession } from '../../../lib/session-store';
import { newKey } from '../../../offline/outbox';
import { isQueuedDocumentation } from '../../../offline/outbox-types';
import { useOutboxItems } from '../../../offline/use-outbox';
import { toastNotKept, toastQueued } from '../../../offline/outbox-messages';
import { useUploadProgress } from '../../../offline/progress';
import { useConfirmedTickets } from '../api/get-confirmed-tickets';
import { useDocumentation } from '../api/get-documentation';
import { useSaveDocumentationThroughOutbox } from '../api/save-documentation';
import {
  documentationFiles,
  documentationPayload,
  validateDocumentation,
  type DocumentationFormValues,
} from '../form-values';
import type { SaveFailure } from '../save-error';
import type { DocTicket, Documentation, DocumentationMode } from '../types';
import { draftValues, useOutboxDraft, type OutboxDraft } from './use-outbox-draft';
import { dropTypedDraft, readTypedDraft, saveTypedDraft, typedDraftKey } from '../../../lib/typed-draft';

/** A toast: the optional title and the message. */
export interface Notice {
  title?: string;
  message: string;
}

export interface DocumentationFormOptions {
  mode: DocumentationMode;
  /** The ticket whose documentation is edited; null to document a confirmed ticket. */
  editTicket: DocTicket | null;
  /** A confirmed ticket to document, already picked (opened from its card or page). */
  ticketToLoad: DocTicket | null;
  /** The signed-in user, for what the edited ticket offers (availableActions). */
  user: ActionUser | null;
  onDone: () => void;
  /** The first values for a ticket (the edited one, the one to load, or none). */
  initialValues: (ticket: DocTicket | null) => DocumentationFormValues;
  /** The form's values once the edited ticket's stored documentation has loaded. */
  storedValues: (doc: Documentation, ticket: DocTicket) => DocumentationFormValues;
  /** Which confirmed tickets the pick list offers (by the carrier's mode). */
  keepTicket: (ticket: DocTicket) => boolean;
  /** The toast title of a save kept in the outbox. */
  queuedTitle: (ticketId: number) => string;
  saved: (ticketId: number, editing: boolean) => Notice;
  /** Turns an error into what the user reads; `goBack` leaves the form. */
  failed: (
    error: unknown,
    ticketId: number,
    editing: boolean,
  ) => { failure: SaveFailure; notice: Notice; goBack: boolean };
}

export interface DocumentationFormState {
  form: UseFormReturnType<DocumentationFormValues>;
  editing: boolean;
  tickets: UseQueryResult<DocTicket[]>;
  stored: UseQueryResult<Documentation | null>;
  doc: Documentation | null | undefined;
  draft: OutboxDraft;
  /** What the user may do with the edited ticket now (availableActions); none while documenting a new one. */
  actions: readonly AvailableAction[];
  /** Editing whose stored documentation failed to load: saving would send a create, so it waits. */
  unloaded: boolean;
  locked: boolean;
  /** The tickets the form may document: the edited one alone, or the confirmed ones of the mode. */
  pickList: DocTicket[];
  /** Confirmed tickets of the mode left out of the pick list: their documentation waits in the outbox. */
  queuedTicketIds: number[];
  /** Offline the stored documentation may never load; a form reopened from the outbox has its values. */
  waiting: boolean;
  saving: boolean;
  progress: ReturnType<typeof useUploadProgress>;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  /** The Mantine input props of a field with its message translated. */
  field: (
    name: keyof DocumentationFormValues,
  ) => ReturnType<UseFormReturnType<DocumentationFormValues>['getInputProps']>;
}

export function useDocumentationForm(options: DocumentationFormOptions): DocumentationFormState {
  const { mode, editTicket, ticketToLoad, user, onDone } = options;
  const { i18n } = useLingui();
  const tm = useMessageTranslator();
  const editing = editTicket !== null;
  const tickets = useConfirmedTickets(!editing);
  const stored = useDocumentation(mode, editTicket?.id ?? null);
  const save = useSaveDocumentationThroughOutbox();
  const userId = getSession().user?.id;
  const draftKey =
    userId !== undefined
      ? typedDraftKey('documentation', userId, mode, editTicket?.id ?? ticketToLoad?.id ?? 'new')
      : null;
  const form = useForm<DocumentationFormValues>({
    initialValues: options.initialValues(editTicket ?? ticketToLoad),
    onValuesChange: (values) => {
      if (draftKey) saveTypedDraft(draftKey, draftValues(values));
    },
  });
  const draft = useOutboxDraft(form);
  // What was typed before the session ended comes back over the first values (a form reopened from
  // the outbox has its own values). An edit waits for its stored documentation first.
  const restoreTyped = () => {
    const typed = draftKey ? readTypedDraft<DocumentationFormValues>(draftKey) : null;
    if (typed && !draft.outboxId) form.setValues(typed);
  };
  useEffect(() => {
    if (!editTicket) restoreTyped();
    // Once per form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const progress = useUploadProgress(sendingId);

  const doc = stored.data;
  useEffect(() => {
    // Values reopened from the outbox win over the stored documentation.
    if (doc && editTicket && !draft.outboxId) {
      form.initialize(options.storedValues(doc, editTicket));
      restoreTyped();
    }
    // Initialise once per loaded documentation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc?.id]);

  // The stored documentation's ticket is the fresher answer; its status decides what may still change.
  const actions =
    editTicket && user
      ? availableActions({ ...editTicket, status: doc?.ticket.status ?? editTicket.status }, user)
      : [];
  const unloaded = editing && stored.isError && !draft.item;
  // The form edits only while the documentation may still be updated (locked from the TA invoice on).
  const locked = (editing && !actions.includes('documentation-update')) || unloaded;
  // A ticket whose documentation already waits in the outbox is not offered again: a second copy could
  // only be refused once the first is sent. The item reopened in this form keeps its own ticket.
  // Nor is the item this form has just queued: the form's own save is not a second copy, and clearing
  // its ticket then would store the whole form again as a typed draft, which the next new form would
  // open with the last load's invoice, weights and destination.
  const queued = new Set(
    useOutboxItems(editing ? null : (getSession().user?.id ?? null))
      .filter((item) => isQueuedDocumentation(item) && item.id !== draft.outboxId && item.id !== sendingId)
      .map((item) => item.ticketId),
  );
  const ofMode = (tickets.data ?? []).filter(options.keepTicket);
  const confirmed = ofMode.filter((ticket) => !queued.has(ticket.id));
  // The ticket opened from its card stays pickable before (or without) the list, e.g. offline.
  const withLoaded =
    ticketToLoad && !queued.has(ticketToLoad.id) && !confirmed.some((ticket) => ticket.id === ticketToLoad.id)
      ? [ticketToLoad, ...confirmed]
      : confirmed;
  const pickList: DocTicket[] = editTicket ? [editTicket] : withLoaded;
  const queuedTicketIds = [...queued]
    .filter((id) => ofMode.some((ticket) => ticket.id === id) || ticketToLoad?.id === id)
    .sort((a, b) => a - b);
  const pickedQueued = !editing && form.values.ticketId !== null && queued.has(Number(form.values.ticketId));
  useEffect(() => {
    // Opened for a ticket whose documentation is already queued (an old link, another tab): nothing picked.
    if (pickedQueued) form.setFieldValue('ticketId', null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is stable
  }, [pickedQueued]);

  const submit = form.onSubmit((values) => {
    const errors = validateDocumentation(mode, editing, values);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const ticketId = Number(values.ticketId);
    const itemId = newKey();
    setSendingId(itemId);
    save.mutate(
      {
        mode,
        id: doc?.id ?? draft.item?.draft?.docId,
        payload: documentationPayload(mode, editing, values),
        files: documentationFiles(values),
        itemId,
        ticketId,
        values: draftValues(values),
        editTicket: editTicket ?? undefined,
        replaces: draft.outboxId,
      },
      {
        onSuccess: (result) => {
          if (draftKey) dropTypedDraft(draftKey);
          if (result.status === 'queued') toastQueued(i18n, result.reason, options.queuedTitle(ticketId));
          else notifications.show({ color: 'teal', ...options.saved(ticketId, editing) });
          onDone();
        },
        onError: (error) => {
          if (toastNotKept(i18n, error)) return;
          const { failure, notice, goBack } = options.failed(error, ticketId, editing);
          form.setErrors({ ...form.errors, ...failure.fieldErrors });
          notifications.show({ color: 'red', ...notice, message: tm(notice.message) });
          if (goBack) onDone();
        },
      },
    );
  });

  return {
    form,
    editing,
    tickets,
    stored,
    doc,
    draft,
    actions,
    unloaded,
    locked,
    pickList,
    queuedTicketIds,
    waiting: editing && stored.isPending && !draft.item,
    saving: save.isPending,
    progress,
    submit,
    field: (name) => ({ ...form.getInputProps(name), error: tm(form.errors[name]) }),
  };
}
