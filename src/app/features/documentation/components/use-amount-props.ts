import { useLingui } from '@lingui/react';

/** NumberInput settings for money ($, 2 decimals, thousands separators) and pounds, in the user's locale. */
export function useAmountProps() {
  const { i18n } = useLingui();
  const spanish = i18n.locale === 'es';
  const separators = spanish ? { thousandSeparator: '.', decimalSeparator: ',' } : { thousandSeparator: ',', decimalSeparator: '.' };
  const common = { ...separators, decimalScale: 2, fixedDecimalScale: true, step: 0.01, min: 0, hideControls: true, inputMode: 'decimal' as const };
  return {
    money: { ...common, prefix: '$' },
    weight: { ...common, suffix: ' lbs' },
  };
}
