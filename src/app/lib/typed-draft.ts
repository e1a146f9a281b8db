/**
 * What the user typed in a form is kept on the device as they type (per user, form and subject), so a
 * session that ends mid-form (midnight, a 401) loses nothing: signing in again brings the user back to
 * the screen, and the form opens with the text filled in. Used by the documentation forms and the
 * carrier's reason dialogs. Files are not kept here (a file picked again is one tap; an unsent save keeps
 * its files in the outbox). A save or a queued save drops the draft; so does a reason dialog's Cancel.
 * Decision: src/app/features/auth/decisions/0001-session-end.md.
 */

/** `draft:<form>:<user>:<subject parts>`: one user's draft never opens for another on a shared phone. */
export function typedDraftKey(form: string, userId: number, ...subject: (string | number)[]): string {
  return ['draft', form, userId, ...subject].join(':');
}

export function saveTypedDraft(key: string, values: Record<string, unknown>): void {
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // A full storage keeps the form as it is; only the copy is missing.
  }
}

/** The kept values (text fields only), or null. */
export function readTypedDraft<T extends object>(key: string): Partial<T> | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function dropTypedDraft(key: string): void {
  localStorage.removeItem(key);
}
