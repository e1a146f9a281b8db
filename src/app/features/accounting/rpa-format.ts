import { i18n } from '@lingui/core';
import { formatDateTime } from '../../../shared/format/display-format';

/**
 * An accounting period's bounds in the user's time zone, named (`Nov 26, 3:15 PM CST`): the moment a
 * batch closed decides which invoices it holds. Callers re-render on a language change (useLingui).
 */
export const formatRpaDate = (iso: string) => formatDateTime(iso, i18n.locale, { zone: true });
