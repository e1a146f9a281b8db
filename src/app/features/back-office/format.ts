/** Numbers, money and dates of the back office in the user's language (es-MX in Spanish). */
import { dayjs } from '../../lib/dayjs';
import { useLingui } from '@lingui/react';

export function useFormats() {
  const { i18n } = useLingui();
  const tag = i18n.locale === 'es' ? 'es-MX' : 'en-US';
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  return {
    locale: i18n.locale,
    money: (n: number) => money.format(n),
    number: (n: number) => number.format(n),
    percent: (ratio: number | null) => (ratio === null ? '—' : percent.format(ratio)),
    /** A calendar date 'YYYY-MM-DD' as DD/MM/YYYY in Spanish, MM/DD/YYYY in English. */
    day: (iso: string) => dayjs(iso).format(i18n.locale === 'es' ? 'DD/MM/YYYY' : 'MM/DD/YYYY'),
    /** Separators for Mantine's NumberInput. */
    separators: { thousandSeparator: ',', decimalSeparator: '.' },
  };
}
