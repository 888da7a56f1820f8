/**
 * The floor's Mantine styles, taken as the app's are (src/app/mantine-styles.ts): the base stylesheets and
 * those of what the floor draws, its one heading. tests/contract/mantine-styles.test.ts holds the list.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/Title.layer.css';
