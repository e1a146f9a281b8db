/** Numbers, money and dates of the back office in the user's language (es-MX in Spanish). */
import { useLingui } from '@lingui/react';
import { dateInputFormat, formatDay, formatUsd } from '../../../shared/format/display-format';

export function useFormats() {
  const { i18n } = useLingui();
  const tag = i18n.locale === 'es' ? 'es-MX' : 'en-US';
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  return {
    locale: i18n.locale,
    /** `US$2,510.75`: every amount is in US dollars and says so (src/shared/format/decisions). */
    money: (n: number) => formatUsd(n, tag),
    number: (n: number) => number.format(n),
    percent: (ratio: number | null) => (ratio === null ? '—' : percent.format(ratio)),
    /** A calendar day 'YYYY-MM-DD' as `Dec 27` / `27 dic`, with the year when it is not this year. */
    day: (iso: string) => formatDay(iso, tag),
    /** The numeric order a date is typed in: MM/DD/YYYY, or DD/MM/YYYY in Spanish. */
    dateInput: dateInputFormat(tag),
  };
}
