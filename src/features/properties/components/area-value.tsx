import { Text } from '@mantine/core';
import { usePropertyText } from '../use-property-text';
import classes from './properties.module.css';

/** An area in m², or 'not available' in the dimmed colour so a missing figure does not read as one. */
export function AreaValue({ value }: { value: number | null }) {
  const text = usePropertyText();
  if (value === null) {
    return (
      <Text component="span" size="sm" c="dimmed" className={classes.missingValue}>
        {text.area(null)}
      </Text>
    );
  }
  return <bdi>{text.area(value)}</bdi>;
}
