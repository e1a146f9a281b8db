import { useEffect } from 'react';
import { useMessageTranslator } from '../../../lib/messages';
import { toastError } from '../toasts';

/** Shows the spec's toast once each time a query turns to failed. */
export function useErrorToast(failed: boolean, text: string): void {
  const tm = useMessageTranslator();
  useEffect(() => {
    if (failed) toastError(tm(text));
    // Only a new failure shows a new toast; a language change does not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, text]);
}
