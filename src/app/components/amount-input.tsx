/**
 * A money or weight field that keeps what the user types while they type and shows it in the
 * language's format once they leave the field (`20500.5` becomes `$20,500.50`). A live-formatting
 * number input cannot do this safely: it drops a typed comma or point it takes for grouping before
 * the user finishes, which is how `20500.5` once became 205,005 in Spanish.
 *
 * The form receives the number read by `readNumber` (or '' when empty). Text that cannot be read is
 * passed on as it is, so the shared schema refuses it and nothing is sent, and the field says how to
 * type the amount instead of the generic message.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { formatAmount, formatWeight, readNumber, useLocaleFormat, type IntlLocale } from '../lib/locale-format';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Money ($ prefix) or a weight in pounds (' lbs' suffix); both with 2 decimals. */
  kind: 'money' | 'weight';
  value?: number | string;
  onChange: (value: number | string) => void;
}

function display(kind: AmountInputProps['kind'], value: number | string, locale: IntlLocale): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  return kind === 'money' ? formatAmount(value, locale) : `${formatWeight(value, locale)} lbs`;
}

export function AmountInput({ kind, value = '', onChange, onFocus, onBlur, error, ...rest }: AmountInputProps) {
  const { t } = useLingui();
  const { locale } = useLocaleFormat();
  const [text, setText] = useState(() => display(kind, value, locale));
  const [focused, setFocused] = useState(false);
  // The last value this field handed to the form: anything else arriving in `value` was set from outside
  // (stored documentation, a restored draft, a reset) and replaces the text.
  const emitted = useRef<number | string>(value);
  const shownLocale = useRef(locale);

  useEffect(() => {
    if (Object.is(value, emitted.current) && shownLocale.current === locale) return;
    emitted.current = value;
    shownLocale.current = locale;
    setText(display(kind, value, locale));
  }, [kind, value, locale]);

  const reading = readNumber(text, locale);
  const example = display(kind, 20500.5, locale);
  const readError = reading.ok
    ? null
    : reading.reason === 'decimals'
      ? t`At most 2 decimals are allowed`
      : t`Type it like ${example}: commas for thousands, a point for decimals`;

  const change = (next: string) => {
    setText(next);
    const read = readNumber(next, locale);
    const result = read.ok ? (read.value ?? '') : next;
    emitted.current = result;
    onChange(result);
  };

  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(false);
        if (reading.ok && reading.value !== null) setText(display(kind, reading.value, locale));
        onBlur?.(event);
      }}
      error={!focused && readError ? readError : error}
    />
  );
}
