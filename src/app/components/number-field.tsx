/**
 * The one input for a number a person types: amounts, weights, prices, counts, ids, coordinates. It
 * keeps the text exactly as typed or pasted while the user is in the field, reads it with the shared
 * `readNumberText` under the field's rule, and refuses what it cannot read exactly with a message next
 * to the field (in the user's language) instead of dropping a character, rounding or clamping. Money
 * and weights are shown in the language's format once the user leaves the field (`20500.5` becomes
 * `US$20,500.50`), which is the same number written as every page writes it; other kinds keep the text.
 *
 * The form receives the number read, '' when the field is empty, or the typed text when it cannot be
 * read; `formNumber` turns the last into NaN, so the shared schema refuses it and nothing is sent.
 * Mantine's NumberInput is not used for this: it drops what its mask does not allow while the user
 * types (`2510.75` became 251075 with no decimals allowed) and truncates pasted decimals.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import {
  hasAtMostDecimals,
  NUMBER_RULES,
  readNumberText,
  type NumberKind,
  type NumberRefusal,
  type NumberRule,
} from '../../shared/domain/number-text';
import { formatMoney } from '../../shared/domain/money';
import { formatWeight, separatorsOf, useLocaleFormat, type IntlLocale } from '../lib/locale-format';

export interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Which rule of NUMBER_RULES the field follows. */
  kind: NumberKind;
  value?: number | string;
  onChange: (value: number | string) => void;
}

/** An example of the kind, written as the field accepts it, for the message that says how to type. */
function exampleOf(kind: NumberKind, locale: IntlLocale): string {
  const grouped = (n: number) => new Intl.NumberFormat(locale, { useGrouping: 'always' }).format(n);
  switch (kind) {
    case 'money':
      return formatMoney(20500.5, locale);
    case 'wholeMoney':
      return `US$${grouped(2500)}`;
    case 'weight':
      return `${formatWeight(20500.5, locale)} lbs`;
    case 'count':
      return grouped(1250);
    case 'id':
      return '1234';
    case 'coordinate':
      return '-98.493629';
  }
}

function display(rule: NumberRule, value: number | string, locale: IntlLocale): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  if (rule.unit === 'money' && rule.decimals === 0 && Number.isInteger(value)) {
    return `US$${new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' }).format(value)}`;
  }
  // A stored value the rule does not allow (a price with cents in a whole-dollar field) is shown as it is,
  // so the field refuses it visibly rather than rounding it for display.
  if (!hasAtMostDecimals(value, 2)) return String(value);
  if (rule.unit === 'money') return formatMoney(value, locale);
  if (rule.unit === 'weight') return `${formatWeight(value, locale)} lbs`;
  return String(value);
}

/** The message for a refused text, in the user's language. */
function useRefusalText(kind: NumberKind, locale: IntlLocale) {
  const { t } = useLingui();
  const rule: NumberRule = NUMBER_RULES[kind];
  const example = exampleOf(kind, locale);
  const decimals = rule.decimals;
  return (reason: NumberRefusal): string => {
    switch (reason) {
      case 'negative':
        return t`Negative numbers are not allowed`;
      case 'whole':
        return t`Type a whole number, without decimals`;
      case 'decimals':
        return t`At most ${decimals} decimals are allowed`;
      case 'tooLarge':
        return t`The number is too large`;
      case 'format':
        if (rule.grouping && rule.decimals > 0)
          return t`Type it like ${example}: commas for thousands, a point for decimals`;
        if (rule.grouping) return t`Type a whole number like ${example}, with commas for thousands`;
        if (rule.decimals > 0) return t`Type it like ${example}: a point for decimals, no commas`;
        return t`Type digits only, like ${example}`;
    }
  };
}

export function NumberField({ kind, value = '', onChange, onFocus, onBlur, error, ...rest }: NumberFieldProps) {
  const { locale } = useLocaleFormat();
  const rule: NumberRule = NUMBER_RULES[kind];
  const refusalText = useRefusalText(kind, locale);
  const [text, setText] = useState(() => display(rule, value, locale));
  const [focused, setFocused] = useState(false);
  // The last value this field handed to the form: anything else arriving in `value` was set from outside
  // (stored data, a restored draft, a reset) and replaces the text.
  const emitted = useRef<number | string>(value);
  const shownLocale = useRef(locale);

  useEffect(() => {
    if (Object.is(value, emitted.current) && shownLocale.current === locale) return;
    emitted.current = value;
    shownLocale.current = locale;
    setText(display(rule, value, locale));
  }, [rule, value, locale]);

  const reading = readNumberText(text, rule, separatorsOf(locale));
  const refusal = reading.ok ? null : refusalText(reading.reason);

  const change = (next: string) => {
    setText(next);
    const read = readNumberText(next, rule, separatorsOf(locale));
    const result = read.ok ? (read.value ?? '') : next;
    emitted.current = result;
    onChange(result);
  };

  return (
    <TextInput
      {...rest}
      // Phone keypads: the decimal pad has a point, the numeric one digits only; neither has a minus, so a
      // field that takes negative numbers keeps the full keyboard.
      inputMode={rule.negative ? 'text' : rule.decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(false);
        // Money and weights take the page's format (the same number); other kinds keep the typed text.
        if (rule.unit && reading.ok && reading.value !== null) setText(display(rule, reading.value, locale));
        onBlur?.(event);
      }}
      // While typing, a half-written number is not an error yet; once the user leaves the field, or the
      // form refuses it (Enter pressed inside the field), the field says why it cannot be read.
      error={refusal && (!focused || error) ? refusal : error}
    />
  );
}
