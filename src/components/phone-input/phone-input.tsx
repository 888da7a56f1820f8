import {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_DIAL_CODE,
  DEFAULT_PHONE_PLACEHOLDER,
  flagOf,
  PHONE_MAX_DIGITS,
  type PhoneCountryCode,
  type PhoneValue,
  stripNonDigits,
} from '@domain/phone-default-country';
import { Input, type MantineSize } from '@mantine/core';
import { useId, useUncontrolled } from '@mantine/hooks';
import {
  type ChangeEvent,
  type FocusEventHandler,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../hydration/use-hydrated';
import { LeftToRight } from '../left-to-right';
import { CountryButton } from './country-button';
import { loadPhoneRules, phoneRulesIfLoaded, requestPhoneRules, usePhoneRules } from './load-phone-rules';
import classes from './phone-input.module.css';

const loadCountryPicker = () => import('./country-picker');
const CountryPicker = lazy(loadCountryPicker);
/** Starts the list's download early; a failure shows when the list is opened (React's lazy tries again). */
const warmCountryPicker = () => {
  loadCountryPicker().catch(() => {});
  requestPhoneRules();
};

/** The field's value as callers read it: what was typed, plus the E.164 form when the number is valid. */
export interface PhoneInputValue extends PhoneValue {
  e164: string | null;
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
 *
 * libphonenumber's rules load on the first key press or press in the field (load-phone-rules.ts);
 * until then the default country is drawn from constants and the digits show as typed, and the value
 * reports no E.164 form. A value the constants cannot draw (another country, digits) asks for them at once.
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

  const rules = usePhoneRules();
  // A value reported before the rules arrived went without its E.164 form: it is reported again with it.
  const reportedWithoutRules = useRef(false);
  const [current, setCurrent] = useUncontrolled<PhoneValue>({
    value,
    defaultValue,
    finalValue: emptyPhoneValue(),
    onChange: (next) => {
      const loadedRules = phoneRulesIfLoaded();
      reportedWithoutRules.current = loadedRules === null;
      onChange?.({ ...next, e164: loadedRules?.toE164(next.country, next.nationalDigits) ?? null });
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the rules arrive.
  useEffect(() => {
    if (!rules || !reportedWithoutRules.current) return;
    reportedWithoutRules.current = false;
    onChange?.({ ...current, e164: rules.toE164(current.country, current.nationalDigits) });
  }, [rules]);
  const isDefaultCountry = current.country === DEFAULT_PHONE_COUNTRY;
  const needsRules = rules === null && (!isDefaultCountry || current.nationalDigits !== '');
  useEffect(() => {
    if (needsRules) requestPhoneRules();
  }, [needsRules]);

  const display = rules
    ? rules.formatNationalForDisplay(current.country, current.nationalDigits)
    : current.nationalDigits;
  // ICU's region names (Intl.DisplayNames) take some 130 ms to load with the CPU slowed four times, as
  // Lighthouse measures a phone: one unbroken piece of the sign-in page's first render. The default
  // country is named from the texts instead (tests/components/phone-input.test.tsx keeps that text equal
  // to ICU's name); another country loads the names.
  const selectedName = isDefaultCountry
    ? t('phoneInput.defaultCountryName')
    : (rules?.countryNameFor(language, current.country) ?? current.country);

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

  // The rules' arrival formats the raw digits: the caret stays after the digits it was after.
  const caretDigitsWhileRaw = useRef<number | null>(null);
  const drewRaw = useRef(rules === null);
  useLayoutEffect(() => {
    const input = numberRef.current;
    if (!rules || !drewRaw.current) return;
    drewRaw.current = false;
    if (!input || input.ownerDocument.activeElement !== input || caretDigitsWhileRaw.current === null) return;
    const position = caretAfterDigits(input.value, caretDigitsWhileRaw.current);
    input.setSelectionRange(position, position);
  }, [rules]);

  // The list loads when it is first asked for (country-picker.tsx), and stays from then on.
  const [picking, setPicking] = useState(false);
  const selectCountry = (code: string) => {
    // The codes come from the list, which loads the rules with it.
    if (rules && !rules.isPhoneCountry(code)) return;
    setCurrent({ country: code as PhoneCountryCode, nationalDigits: current.nationalDigits });
  };

  const handleNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (text.trim().startsWith('+')) {
      // Autofill and pasted international numbers name their own country.
      if (!rules) {
        // Shown as typed for the moment the rules take, then read as the number it names.
        const country = current.country;
        loadPhoneRules().then(
          (loadedRules) => setCurrent(loadedRules.readPhoneEntry(country, text)),
          () => {},
        );
        setCurrent({ country, nationalDigits: stripNonDigits(text).slice(0, PHONE_MAX_DIGITS) });
        return;
      }
      const next = rules.readPhoneEntry(current.country, text);
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
    caretDigitsWhileRaw.current = rules ? null : pendingCaret.current;
    // Autofill changes the field without a key press.
    if (!rules) requestPhoneRules();
    setCurrent({ country: current.country, nationalDigits: digits });
  };

  const dialCode = rules
    ? rules.dialCodeOf(current.country)
    : isDefaultCountry
      ? DEFAULT_PHONE_DIAL_CODE
      : '';
  const placeholder = rules
    ? rules.phonePlaceholderOf(current.country)
    : isDefaultCountry
      ? DEFAULT_PHONE_PLACEHOLDER
      : undefined;
  const e164 = rules?.toE164(current.country, current.nationalDigits) ?? null;
  const startLoadingRules = rules ? undefined : requestPhoneRules;
  const buttonLabel = t('phoneInput.countryButton', { country: selectedName, dialCode });
  const buttonContent = (
    <>
      <span className={classes.flag} aria-hidden="true">
        {flagOf(current.country)}
      </span>
      <LeftToRight>{dialCode}</LeftToRight>
    </>
  );
  // The closed list's button, drawn without the combobox: the server's page and the first load need no more.
  const countryButton = (
    <CountryButton
      size={size}
      disabled={disabled}
      error={Boolean(error)}
      label={buttonLabel}
      expanded={false}
      // Pointing at or focusing the button starts the list's download; pressing it opens the list.
      onPointerEnter={warmCountryPicker}
      onFocus={warmCountryPicker}
      onClick={() => {
        warmCountryPicker();
        setPicking(true);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        warmCountryPicker();
        setPicking(true);
      }}
    >
      {buttonContent}
    </CountryButton>
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
          placeholder={placeholder}
          aria-label={label ? undefined : t('phoneInput.numberLabel')}
          value={display}
          onChange={handleNumberChange}
          onKeyDown={startLoadingRules}
          onPointerDown={startLoadingRules}
          onBlur={onBlur}
        />
      </div>
      {name ? <input type="hidden" name={name} value={e164 ?? ''} /> : null}
    </Input.Wrapper>
  );
}
