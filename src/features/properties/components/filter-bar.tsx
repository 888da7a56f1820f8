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
    // Wraps on a phone rather than scroll sideways, where buttons past the edge went unseen. A loading
    // count holds a one-digit badge's place, so the counts' arrival moves a button only past nine.
    <Group
      gap="xs"
      role="group"
      aria-label={t('list.filtersLabel')}
      wrap="wrap"
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
