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
import { Combobox, Group, Input, type MantineSize, ScrollArea, useCombobox } from '@mantine/core';
import { useId, useUncontrolled } from '@mantine/hooks';
import {
  type ChangeEvent,
  type FocusEventHandler,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../hydration/use-hydrated';
import {
  type CountryOption,
  countryNameFor,
  countryOptionsFor,
  filterCountryOptions,
} from './country-options';
import classes from './phone-input.module.css';

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
  const [search, setSearch] = useState('');

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

  // After a pick, focus goes on to the number; after Escape or a click outside, back to the button.
  const focusNumberOnClose = useRef(false);
  const combobox = useCombobox({
    onDropdownOpen: () => {
      combobox.focusSearchInput();
      combobox.updateSelectedOptionIndex('active', { scrollIntoView: true });
    },
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
      if (focusNumberOnClose.current) {
        focusNumberOnClose.current = false;
        numberRef.current?.focus();
      } else {
        combobox.focusTarget();
      }
    },
  });

  // Naming and sorting some 245 countries takes a phone a tenth of a second: done when the list opens.
  const listOpen = combobox.dropdownOpened;
  const shownOptions = useMemo((): readonly CountryOption[] => {
    if (!listOpen) return [];
    const allOptions = countryOptionsFor(language);
    if (search.trim() !== '') return filterCountryOptions(allOptions, search);
    const preferred = preferredCountries
      .map((code) => allOptions.find((option) => option.code === code))
      .filter((option): option is CountryOption => option !== undefined);
    return [...preferred, ...allOptions.filter((option) => !preferredCountries.includes(option.code))];
  }, [listOpen, language, search, preferredCountries]);

  // A query highlights its best match, so Enter picks it; clearing the query goes back to the current country.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is a new object every render; only the query matters.
  useEffect(() => {
    if (!combobox.dropdownOpened) return;
    if (search.trim() === '') combobox.updateSelectedOptionIndex('active');
    else combobox.selectFirstOption();
  }, [search]);

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

  const selectCountry = (code: string) => {
    if (!isPhoneCountry(code)) return;
    setCurrent({ country: code, nationalDigits: current.nationalDigits });
    focusNumberOnClose.current = true;
    combobox.closeDropdown();
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
        <Combobox
          store={combobox}
          onOptionSubmit={selectCountry}
          position="bottom-start"
          width={300}
          size={size}
          disabled={disabled}
          // Combobox keeps its dropdown mounted by default: 245 hidden options re-rendering on every keystroke.
          keepMounted={false}
        >
          <Combobox.Target targetType="button" withAriaAttributes={false}>
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
              rightSection={<Combobox.Chevron />}
              rightSectionPointerEvents="none"
              aria-label={t('phoneInput.countryButton', { country: selectedName, dialCode })}
              aria-haspopup="listbox"
              aria-expanded={combobox.dropdownOpened}
              onClick={() => combobox.toggleDropdown()}
            >
              <span className={classes.flag} aria-hidden="true">
                {flagOf(current.country)}
              </span>
              {dialCode}
            </Input>
          </Combobox.Target>

          <Combobox.Dropdown>
            <Combobox.Search
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder={t('phoneInput.countrySearch')}
              aria-label={t('phoneInput.countrySearch')}
            />
            <Combobox.Options aria-label={t('phoneInput.countryList')}>
              <ScrollArea.Autosize mah={200} type="scroll">
                {shownOptions.length === 0 ? (
                  <Combobox.Empty>{t('phoneInput.noCountryFound')}</Combobox.Empty>
                ) : (
                  shownOptions.map((option) => (
                    <Combobox.Option
                      key={option.code}
                      value={option.code}
                      active={option.code === current.country}
                      aria-selected={option.code === current.country}
                    >
                      <Group gap="xs" wrap="nowrap">
                        <span className={classes.optionFlag} aria-hidden="true">
                          {option.flag}
                        </span>
                        <span className={classes.optionName}>{option.name}</span>
                        <span className={classes.optionDial} dir="ltr">
                          {option.dialCode}
                        </span>
                      </Group>
                    </Combobox.Option>
                  ))
                )}
              </ScrollArea.Autosize>
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>

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
