/**
 * /dev/machines (development, or production while this page inspects: see inspection-switch.ts): every
 * registered machine as a diagram drawn from the machine object, with the flows running in this tab
 * listed under it, their current states highlighted and described, and the events they received.
 * Product owners use it beside the Stately inspector (`?inspect`), or instead of it offline.
 */

import { activeLeafStateNodeIds } from '@diagrams/active-states';
import { eventText, stateText } from '@diagrams/machine-descriptions';
import { highlightStates, toMermaid } from '@diagrams/mermaid-diagram';
import { stateNodesOf } from '@diagrams/state-nodes';
import { machineRegistry, type RegisteredMachine } from '@machines/registry';
import { Alert, Badge, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { mainContentId } from '@/app/skip-link';
import { currentLanguage } from '@/i18n/i18n';
import { currentInspection } from '@/inspection/inspection-switch';
import type { LiveActor, LiveActorStore } from '@/inspection/live-actors';
import { MachineDiagram, type RenderDiagram, renderWithMermaid } from './machine-diagram';

const NO_ACTORS: readonly LiveActor[] = [];
const noStore: LiveActorStore = {
  getSnapshot: () => NO_ACTORS,
  subscribe: () => () => {},
  stop: () => {},
};

export interface MachinesPageProps {
  /** Tests pass their own; the page reads the store main.tsx started. */
  liveActors?: LiveActorStore;
  statelyInspector?: boolean;
  /** Mermaid needs a real browser to lay out text; screen tests pass a stand-in. */
  renderDiagram?: RenderDiagram;
}

export function MachinesPage(props: MachinesPageProps) {
  const { t } = useTranslation('dev');
  const inspection = currentInspection();
  const store = props.liveActors ?? inspection?.liveActors ?? noStore;
  const actors = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const inspectorAttached = props.statelyInspector ?? inspection?.statelyInspector ?? false;

  return (
    <Container component="main" id={mainContentId} size="xl" py="xl">
      <Stack gap="lg">
        <Group gap="sm">
          <Title order={1}>{t('machines.title')}</Title>
          <Badge variant="light" color="orange">
            {t('machines.badge')}
          </Badge>
        </Group>
        <Text maw={760}>{t('machines.intro')}</Text>
        <Alert color={inspectorAttached ? 'teal' : 'gray'} variant="light">
          {inspectorAttached ? (
            t('machines.inspectorOn')
          ) : inspection && !navigator.onLine ? (
            t('machines.inspectorOffline')
          ) : (
            // The parameter is Latin: an LTR island, or RTL text would show it as "inspect?".
            <Trans t={t} i18nKey="machines.inspectorOff" components={{ code: <Code dir="ltr" /> }} />
          )}
        </Alert>
        {machineRegistry.map((entry) => (
          <MachineCard
            key={entry.machine.id}
            entry={entry}
            actors={actors.filter((actor) => actor.machineId === entry.machine.id)}
            renderDiagram={props.renderDiagram ?? renderWithMermaid}
          />
        ))}
      </Stack>
    </Container>
  );
}

interface MachineCardProps {
  entry: RegisteredMachine;
  actors: readonly LiveActor[];
  renderDiagram: RenderDiagram;
}

function MachineCard({ entry: { machine, title, events }, actors, renderDiagram }: MachineCardProps) {
  const { t } = useTranslation('dev');
  const name = title[currentLanguage()];
  const stateCount = useMemo(() => stateNodesOf(machine).length, [machine]);
  const highlighted = actors.flatMap((actor) => activeLeafStateNodeIds(machine, actor.snapshot.value));
  // A string, so the diagram redraws only when the highlighted states change.
  const source = highlightStates(toMermaid(machine), highlighted);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`machine-${machine.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} id={`machine-${machine.id}`} fz="h3">
            {name}{' '}
            <Text span c="dimmed" ff="monospace" fz="sm" dir="ltr">
              {machine.id}
            </Text>
          </Title>
          <Text c="dimmed" fz="sm">
            {t('machines.stateCount', { count: stateCount })}
          </Text>
        </Group>
        {actors.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('machines.notRunning')}
          </Text>
        ) : (
          <ul aria-label={t('machines.running')}>
            {actors.map((actor) => (
              <li key={actor.sessionId}>
                <Badge color="yellow" variant="filled" me="xs">
                  {t('machines.running')}
                </Badge>
                {t('machines.currentState', {
                  state: activeLeafStateNodeIds(machine, actor.snapshot.value)
                    .map((id) => id.slice(machine.id.length + 1))
                    .join(' · '),
                })}
                <Text fz="sm">
                  {activeLeafStateNodeIds(machine, actor.snapshot.value)
                    .map((id) => stateText(machine.getStateNodeById(id))?.[currentLanguage()])
                    .filter(Boolean)
                    .join(' ')}
                </Text>
                {actor.events.length > 0 && (
                  <ol aria-label={t('machines.eventLog')}>
                    {actor.events.map((type, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a log, in order; the same event may repeat.
                      <li key={index}>
                        <Code dir="ltr">
                          {type.replace(/^xstate\.after\.([^.]+)\..*$/, 'xstate.after.$1')}
                        </Code>{' '}
                        {
                          eventText(type.replace(/^(xstate\.after\.[^.]+)\..*$/, '$1.'), events)[
                            currentLanguage()
                          ]
                        }
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ul>
        )}
        <MachineDiagram
          id={machine.id}
          source={source}
          label={t('machines.diagramLabel', { title: name })}
          render={renderDiagram}
        />
      </Stack>
    </Card>
  );
}
