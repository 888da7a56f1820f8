import { ComboboxChevron, Input, type MantineSize } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import classes from './phone-input.module.css';

interface CountryButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'aria-label'> {
  size: MantineSize | undefined;
  error: boolean;
  /** "Country code: Israel +972": the flag and the code alone say little to a screen reader. */
  label: string;
  expanded: boolean;
  children: ReactNode;
}

/**
 * The country's button beside the number. The field draws it alone while the list is closed (the server's
 * page and the first load need no more), and the lazily loaded picker draws it as its combobox's target
 * (country-picker.tsx): the same button either way, so nothing moves when the picker takes over.
 */
export const CountryButton = forwardRef<HTMLButtonElement, CountryButtonProps>(function CountryButton(
  { size, error, label, expanded, children, ...buttonProps },
  ref,
) {
  return (
    <Input
      ref={ref}
      component="button"
      type="button"
      className={classes.country}
      classNames={{ input: classes.countryButton }}
      size={size}
      pointer
      withAria={false}
      error={error}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      aria-label={label}
      aria-haspopup="listbox"
      aria-expanded={expanded}
      {...buttonProps}
    >
      {children}
    </Input>
  );
});
