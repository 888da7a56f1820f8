import {
  DEFAULT_PHONE_COUNTRY,
  dialCodeOf,
  flagOf,
  formatNationalForDisplay,
  isPhoneCountry,
  PHONE_MAX_DIGITS,
  type PhoneCountryCode,
  type PhoneValue,
  phonePlaceholderOf,
  readPhoneEntry,
  stripNonDigits,
  toE164,
} from '@domain/phone';
import { ComboboxChevron, Input, type MantineSize } from '@mantine/core';
import { useId, useUncontrolled } from '@mantine/hooks';
import {
  type ChangeEvent,
  type FocusEventHandler,
  lazy,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../hydration/use-hydrated';
import { countryNameFor } from './country-options';
import classes from './phone-input.module.css';

const loadCountryPicker = () => import('./country-picker');
const CountryPicker = lazy(loadCountryPicker);
/** Starts the list's download early; a failure shows when the list is opened (React's lazy tries again). */
const warmCountryPicker = () => {
  loadCountryPicker().catch(() => {});
};

/** The field's value as callers read it: what was typed, plus the E.164 form when the number is valid. */
export interface PhoneInputValue extends PhoneValue {
  e164: string | null;
}

export function toPhoneInputValue(value: PhoneValue): PhoneInputValue {
  return { ...value, e164: toE164(value.country, value.nationalDigits) };
}

export function emptyPhoneValue(country: PhoneCountryCode = DEFAULT_PHONE_COUNTRY): PhoneValue {
  return { country, nationalDigits: '' };
}

export interface PhoneInputProps {
  value?: PhoneValue;
  defaultValue?: PhoneValue;
  onChange?: (value: PhoneInputValue) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** Visible label; it also names the number field. Without one, the field is named 'Phone number'. */
  label?: ReactNode;
  description?: ReactNode;
  /** Error line under the field; also marks both controls invalid. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  /** When set, a hidden input of this name carries the E.164 number for plain form posts. */
  name?: string;
  size?: MantineSize;
  /** Listed first while the search is empty. */
  preferredCountries?: readonly PhoneCountryCode[];
}

const defaultPreferredCountries: readonly PhoneCountryCode[] = [DEFAULT_PHONE_COUNTRY];

/** Index in `text` just after its `digitCount`-th digit: where the caret belongs after reformatting. */
function caretAfterDigits(text: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text.charAt(index))) {
      seen += 1;
      if (seen === digitCount) return index + 1;
    }
  }
  return text.length;
}

/**
 * Phone field of spec section 2: a searchable country selector (flag, dial code, localized name) and
 * the national number, formatted as the user types. Both sit in a left-to-right island so that
 * '+972 050-…' reads correctly inside the right-to-left page.
 */
export function PhoneInput({
  value,
  defaultValue,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  disabled,
  autoFocus,
  id,
  name,
  size,
  preferredCountries = defaultPreferredCountries,
}: PhoneInputProps) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const inputId = useId(id);
  const numberRef = useRef<HTMLInputElement>(null);
  // Read-only while the server's page hydrates: typed before, the number would be lost (use-hydrated.ts).
  const hydrated = useHydrated();
  const pendingCaret = useRef<number | null>(null);

  const [current, setCurrent] = useUncontrolled<PhoneValue>({
    value,
    defaultValue,
    finalValue: emptyPhoneValue(),
    onChange: (next) => onChange?.(toPhoneInputValue(next)),
  });

  const display = formatNationalForDisplay(current.country, current.nationalDigits);
  // ICU's region names (Intl.DisplayNames) take some 130 ms to load with the CPU slowed four times, as
  // Lighthouse measures a phone: one unbroken piece of the sign-in page's first render. The default
  // country is named from the texts instead (tests/components/phone-input.test.tsx keeps that text equal
  // to ICU's name); another country loads the names.
  const selectedName =
    current.country === DEFAULT_PHONE_COUNTRY
      ? t('phoneInput.defaultCountryName')
      : countryNameFor(language, current.country);

  // Reformatting moves separators, so the caret is put back after the same number of digits.
  useLayoutEffect(() => {
    const input = numberRef.current;
    const digitsBeforeCaret = pendingCaret.current;
    if (!input || digitsBeforeCaret === null) return;
    pendingCaret.current = null;
    if (input.ownerDocument.activeElement !== input) return;
    const position = caretAfterDigits(input.value, digitsBeforeCaret);
    input.setSelectionRange(position, position);
  });

  // The list loads when it is first asked for (country-picker.tsx), and stays from then on.
  const [picking, setPicking] = useState(false);
  const selectCountry = (code: string) => {
    if (!isPhoneCountry(code)) return;
    setCurrent({ country: code, nationalDigits: current.nationalDigits });
  };

  const handleNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (text.trim().startsWith('+')) {
      // Autofill and pasted international numbers name their own country.
      const next = readPhoneEntry(current.country, text);
      pendingCaret.current = next.nationalDigits.length;
      setCurrent(next);
      return;
    }
    const caret = event.currentTarget.selectionStart ?? text.length;
    let digits = stripNonDigits(text);
    let digitsBeforeCaret = stripNonDigits(text.slice(0, caret)).length;
    if (digits === current.nationalDigits && text.length < display.length) {
      // Only a separator was deleted; the key press meant the digit beside it.
      const inputType = (event.nativeEvent as InputEvent).inputType;
      if (inputType === 'deleteContentForward') {
        digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
      } else if (digitsBeforeCaret > 0) {
        digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
        digitsBeforeCaret -= 1;
      }
    }
    digits = digits.slice(0, PHONE_MAX_DIGITS);
    pendingCaret.current = Math.min(digitsBeforeCaret, digits.length);
    setCurrent({ country: current.country, nationalDigits: digits });
  };

  const dialCode = dialCodeOf(current.country);
  const e164 = toE164(current.country, current.nationalDigits);
  const buttonLabel = t('phoneInput.countryButton', { country: selectedName, dialCode });
  const buttonContent = (
    <>
      <span className={classes.flag} aria-hidden="true">
        {flagOf(current.country)}
      </span>
      {dialCode}
    </>
  );
  // The closed list's button, drawn without the combobox: the server's page and the first load need no more.
  const countryButton = (
    <Input
      component="button"
      type="button"
      className={classes.country}
      classNames={{ input: classes.countryButton }}
      size={size}
      pointer
      withAria={false}
      disabled={disabled}
      error={Boolean(error)}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      aria-label={buttonLabel}
      aria-haspopup="listbox"
      aria-expanded={false}
      // Pointing at or focusing the button starts the list's download; pressing it opens the list.
      onPointerEnter={warmCountryPicker}
      onFocus={warmCountryPicker}
      onClick={() => setPicking(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        setPicking(true);
      }}
    >
      {buttonContent}
    </Input>
  );

  return (
    <Input.Wrapper
      id={inputId}
      label={label}
      description={description}
      error={error}
      required={required}
      size={size}
    >
      <div className={classes.row} dir="ltr">
        {picking ? (
          <Suspense fallback={countryButton}>
            <CountryPicker
              country={current.country}
              language={language}
              buttonLabel={buttonLabel}
              size={size}
              disabled={disabled}
              error={Boolean(error)}
              preferredCountries={preferredCountries}
              numberRef={numberRef}
              onSelect={selectCountry}
            >
              {buttonContent}
            </CountryPicker>
          </Suspense>
        ) : (
          countryButton
        )}

        <Input
          ref={numberRef}
          className={classes.number}
          dir="ltr"
          size={size}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus={autoFocus}
          disabled={disabled}
          readOnly={!hydrated}
          required={required}
          error={Boolean(error)}
          placeholder={phonePlaceholderOf(current.country)}
          aria-label={label ? undefined : t('phoneInput.numberLabel')}
          value={display}
          onChange={handleNumberChange}
          onBlur={onBlur}
        />
      </div>
      {name ? <input type="hidden" name={name} value={e164 ?? ''} /> : null}
    </Input.Wrapper>
  );
}
