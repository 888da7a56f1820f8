import { ActionIcon, type ActionIconProps } from '@mantine/core';
import type { ComponentProps } from 'react';
import { tooltip } from '@/components/tooltip/tooltip';
import icons from './list-icons.module.css';
import classes from './properties.module.css';

/** The icons a row's action may draw (Tabler's, list-icons.module.css). */
export type RowIcon = 'eye' | 'pencil' | 'filePencil' | 'share' | 'signature' | 'copyPlus' | 'trash';

interface RowActionProps extends Omit<ActionIconProps, 'variant' | 'children' | 'classNames'> {
  /** What the button does, shown as its tooltip ("עריכה"). */
  tip: string;
  /** What it does to which property, for screen readers ("עריכת הנכס – הרצל 10, חיפה"). */
  label: string;
  icon: RowIcon;
  onClick?: () => void;
  renderRoot?: ComponentProps<typeof ActionIcon<'button'>>['renderRoot'];
}

/**
 * One icon button of a property's row or card, the stored property's and the local draft's alike. The
 * icon is painted by the button's own icon element through a mask: a card repeats six of these, and an
 * inline SVG would add an element and one per stroke to each. The label speaks for it.
 */
export function RowAction({ tip, label, icon, color = 'gray', ...rest }: RowActionProps) {
  return (
    <ActionIcon
      {...tooltip(tip)}
      variant="subtle"
      color={color}
      aria-label={label}
      classNames={{ icon: `${classes.listIcon} ${classes.rowIcon} ${icons[icon]}` }}
      {...rest}
    />
  );
}
