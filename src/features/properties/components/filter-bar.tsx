import { PROPERTY_LIST_FILTERS, type PropertyListFilter } from '@domain/property-filters';
import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PropertySummary } from '../property-types';
import { usePropertyText } from '../use-property-text';
import classes from './properties.module.css';

interface FilterBarProps {
  active: PropertyListFilter;
  /** Counts per button; undefined while they load (the buttons work without them). */
  counts: PropertySummary | undefined;
  onChange: (filter: PropertyListFilter) => void;
}

/** The spec's five filter buttons, a toggle group: exactly one is pressed. */
export function FilterBar({ active, counts, onChange }: FilterBarProps) {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  return (
    // One row that scrolls sideways on a phone: wrapping, the row grew a line when the counts arrived
    // and pushed the list down (layout shift).
    <Group
      gap="xs"
      role="group"
      aria-label={t('list.filtersLabel')}
      wrap="nowrap"
      className={classes.filterBar}
    >
      {PROPERTY_LIST_FILTERS.map((filter) => {
        const pressed = filter === active;
        return (
          <Button
            key={filter}
            size="compact-md"
            radius="xl"
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            onClick={() => onChange(filter)}
            rightSection={
              counts === undefined ? (
                // Holds the badge's place while the counts load, so the buttons keep their width.
                <Badge
                  size="sm"
                  circle
                  variant="light"
                  color="gray"
                  aria-hidden="true"
                  className={classes.countPending}
                >
                  0
                </Badge>
              ) : (
                <Badge
                  size="sm"
                  circle={counts[filter] < 10}
                  variant={pressed ? 'white' : 'light'}
                  color={pressed ? 'brand' : 'gray'}
                >
                  <bdi>{text.number(counts[filter])}</bdi>
                </Badge>
              )
            }
          >
            {t(`list.filters.${filter}`)}
          </Button>
        );
      })}
    </Group>
  );
}
