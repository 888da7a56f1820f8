import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  /** The id of the section's heading: it names the region for screen readers. */
  labelledBy: string;
  radius?: PaperProps['radius'];
  p?: PaperProps['p'];
  children: ReactNode;
}

/** A section of a page drawn as a bordered card; the view page's padding unless a screen asks less. */
export function SectionCard({
  labelledBy,
  radius = 'lg',
  p = { base: 'md', sm: 'lg' },
  children,
}: SectionCardProps) {
  return (
    <Paper component="section" aria-labelledby={labelledBy} withBorder radius={radius} p={p}>
      {children}
    </Paper>
  );
}
