import type { PhoneCountryCode } from '@domain/phone';
import { Combobox, Group, type MantineSize, ScrollArea, useCombobox } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeftToRight } from '../left-to-right';
import { CountryButton } from './country-button';
import { type CountryOption, countryOptionsFor, filterCountryOptions } from './country-options';
import classes from './phone-input.module.css';

export interface CountryPickerProps {
  country: PhoneCountryCode;
  language: string;
  /** The closed button's content (flag and dial code) and name, as the field draws them. */
  children: ReactNode;
  buttonLabel: string;
  size: MantineSize | undefined;
  disabled: boolean | undefined;
  error: boolean;
  preferredCountries: readonly PhoneCountryCode[];
  numberRef: RefObject<HTMLInputElement | null>;
  onSelect: (code: string) => void;
}

/**
 * The country list of the phone field, loaded when someone opens it (phone-input.tsx): the combobox,
 * its popover and floating positions, its scroll area and focus handling are some 28 KiB gzipped and
 * seven requests the sign-in page's first load no longer waits for. It mounts opened, in place of the
 * field's plain button, and stays mounted after.
 */
export default function CountryPicker({
  country,
  language,
  children,
  buttonLabel,
  size,
  disabled,
  error,
  preferredCountries,
  numberRef,
  onSelect,
}: CountryPickerProps) {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useState('');

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

  // Loaded because the list was asked for: it opens as soon as it is here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; the store is a new object every render.
  useEffect(() => {
    combobox.openDropdown();
  }, []);

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

  const selectCountry = (code: string) => {
    onSelect(code);
    focusNumberOnClose.current = true;
    combobox.closeDropdown();
  };

  return (
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
        <CountryButton
          size={size}
          disabled={disabled}
          error={error}
          label={buttonLabel}
          expanded={combobox.dropdownOpened}
          onClick={() => combobox.toggleDropdown()}
        >
          {children}
        </CountryButton>
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('phoneInput.countrySearch')}
          aria-label={t('phoneInput.countrySearch')}
          classNames={{ input: classes.countrySearch }}
        />
        <Combobox.Options aria-label={t('phoneInput.countryList')}>
          <ScrollArea.Autosize
            mah={200}
            type="scroll"
            scrollbars="y"
            classNames={{ content: classes.optionsContent }}
          >
            {shownOptions.length === 0 ? (
              <Combobox.Empty>{t('phoneInput.noCountryFound')}</Combobox.Empty>
            ) : (
              shownOptions.map((option) => (
                <Combobox.Option
                  key={option.code}
                  value={option.code}
                  active={option.code === country}
                  aria-selected={option.code === country}
                >
                  <Group gap="xs" wrap="nowrap">
                    <span className={classes.optionFlag} aria-hidden="true">
                      {option.flag}
                    </span>
                    <span className={classes.optionName}>{option.name}</span>
                    <LeftToRight className={classes.optionDial}>{option.dialCode}</LeftToRight>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
