/**
 * What the user typed in a documentation form is kept on the device as they type (per user, form and
 * ticket), so a session that ends mid-form (midnight, a 401) loses nothing: signing in again brings
 * the user back to the form with the text filled in. The files are not kept here (a file picked again
 * is one tap; an unsent save keeps its files in the outbox). A save or a queued save drops the draft.
 * Decision: src/app/features/auth/decisions/0001-session-end.md.
 */
import type { DocumentationFormValues } from '../form-values';

const PREFIX = 'draft:documentation:';

export function typedDraftKey(userId: number, mode: string, ticketId: number | null): string {
  return `${PREFIX}${userId}:${mode}:${ticketId ?? 'new'}`;
}

export function saveTypedDraft(key: string, values: Record<string, unknown>): void {
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // A full storage keeps the form as it is; only the copy is missing.
  }
}

/** The kept values (text fields only), or null. */
export function readTypedDraft(key: string): Partial<DocumentationFormValues> | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<DocumentationFormValues>) : null;
  } catch {
    return null;
  }
}

export function dropTypedDraft(key: string): void {
  localStorage.removeItem(key);
}
