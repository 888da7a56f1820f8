import { ActionIcon, type ActionIconProps } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { tooltip } from '@/components/tooltip/tooltip';

/** The icons of a row's actions: one size and stroke, hidden from screen readers (the label speaks). */
export const rowIconProps = { size: 18, stroke: 1.6, 'aria-hidden': true } as const;

interface RowActionProps extends Omit<ActionIconProps, 'variant' | 'children'> {
  /** What the button does, shown as its tooltip ("עריכה"). */
  tip: string;
  /** What it does to which property, for screen readers ("עריכת הנכס – הרצל 10, חיפה"). */
  label: string;
  onClick?: () => void;
  renderRoot?: ComponentProps<typeof ActionIcon<'button'>>['renderRoot'];
  children: ReactNode;
}

/** One icon button of a property's row or card, the stored property's and the local draft's alike. */
export function RowAction({ tip, label, color = 'gray', children, ...rest }: RowActionProps) {
  return (
    <ActionIcon {...tooltip(tip)} variant="subtle" color={color} aria-label={label} {...rest}>
      {children}
    </ActionIcon>
  );
}
