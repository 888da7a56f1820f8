import { otpMachine, type SendOtpInput, type SentOtpSession } from '@machines/otp/otp.machine';
import { machineRegistry } from '@machines/registry';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createQueryClient } from '@/app/query-client';
import { createAppSession, createInspectedAppSession } from '@/app/session';
import { MachinesPage } from '@/dev/machines-page';
import { inspectActors } from '@/inspection/actor-inspection';
import { type Inspection, startInspection } from '@/inspection/start-inspection';
import { renderWithProviders } from '../setup/render';
import { renderApp } from './render-app';

type SentEvent = { type: string; name?: string; definition?: string; sessionId: string };

let inspection: Inspection | null = null;
afterEach(() => {
  inspection?.stop();
  inspection = null;
  localStorage.clear();
});

/** The session exactly as main.tsx creates it in development, after inspection has started. */
async function startAppSession() {
  const session = createAppSession(createQueryClient(), { machineAtStart: true });
  await session.ready();
  return session;
}

describe('Stately inspector', () => {
  it('with ?inspect, attaches to the actors the app creates (offline adapter instead of stately.ai)', async () => {
    const sent: SentEvent[] = [];
    inspection = await startInspection('?lang=he&inspect', {
      send: (event) => sent.push(event as SentEvent),
    });
    const session = await startAppSession();

    expect(inspection.statelyInspector).toBe(true);
    // The inspector forwards events when the page is idle.
    await waitFor(() => {
      const registered = sent.find((event) => event.type === '@xstate.actor' && event.name === 'auth');
      expect(registered?.definition).toContain('"id":"auth"');
      expect(sent.filter((event) => event.type === '@xstate.snapshot').length).toBeGreaterThan(0);
    });
    session.stop();
  });

  it('without ?inspect, sends nothing to an inspector but still tracks the running actors', async () => {
    inspection = await startInspection('?lang=he');
    const session = await startAppSession();

    expect(inspection.statelyInspector).toBe(false);
    const [auth] = inspection.liveActors.getSnapshot();
    expect(auth?.machineId).toBe('auth');
    expect(auth?.snapshot.value).toBe('loggedOut');
    session.stop();
    expect(inspection.liveActors.getSnapshot()).toEqual([]);
  });
});

describe('inspector of a production page', () => {
  // main.tsx in a production build: the session starts, the server is asked, then the inspector loads.
  const startProductionPage = (search: string, sent: SentEvent[]) =>
    createInspectedAppSession(createQueryClient(), search, {
      allowed: async () => true,
      load: async () => ({
        startInspection: (asked: string) =>
          startInspection(asked, { send: (event) => sent.push(event as SentEvent) }),
      }),
    });

  it('sees the session machine from its first event, though it asks the server after the session started', async () => {
    const sent: SentEvent[] = [];
    const started = await startProductionPage('?inspect', sent);
    inspection = started.inspection;
    await started.session.ready();

    await waitFor(() => {
      const auth = sent.find((event) => event.type === '@xstate.actor' && event.name === 'auth');
      expect(auth?.definition).toContain('"id":"auth"');
      const first = sent.find(
        (event) => event.sessionId === auth?.sessionId && event.type === '@xstate.event',
      );
      expect((first as { event?: { type: string } } | undefined)?.event?.type).toBe('xstate.init');
    });
    const [auth] = inspection?.liveActors.getSnapshot() ?? [];
    expect(auth?.machineId).toBe('auth');
    expect(auth?.events[0]).toBe('xstate.done.actor.loadTokens');
    started.session.stop();
  });
});

describe('dev machines page', () => {
  it('lists every machine and highlights the states of the running ones', async () => {
    inspection = await startInspection('');
    const otp = createActor(
      otpMachine.provide({
        actors: { sendOtp: fromPromise<SentOtpSession, SendOtpInput>(() => new Promise(() => {})) },
      }),
      { input: { process: 'auth', phoneNumber: '+972501234567' }, inspect: inspectActors },
    ).start();
    const drawn = new Map<string, string>();

    renderWithProviders(
      <MachinesPage
        liveActors={inspection.liveActors}
        statelyInspector={false}
        renderDiagram={async (id, source) => {
          drawn.set(id, source);
          return `<svg><title>${id}</title></svg>`;
        }}
      />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'מכונות המצבים של המערכת' })).toBeTruthy();
    const otpCard = screen.getByRole('region', { name: /שליחה ואימות של קוד חד-פעמי/ });
    expect(within(otpCard).getByText('מצב נוכחי: sending')).toBeTruthy();
    const wizardCard = screen.getByRole('region', { name: /אשף יצירת נכס/ });
    expect(within(wizardCard).getByText('לא רץ כרגע בלשונית הזו')).toBeTruthy();
    // Every registered machine gets a diagram, whatever runs.
    await waitFor(() =>
      expect([...drawn.keys()].sort()).toEqual(machineRegistry.map(({ machine }) => machine.id).sort()),
    );
    expect(drawn.get('otp')).toContain('class otp_sending activeState');
    expect(drawn.get('propertyWizard')).not.toContain('activeState');
    expect(await within(otpCard).findByRole('img', { name: /תרשים המצבים/ })).toBeTruthy();
    otp.stop();
  });

  it('is a route of development builds', async () => {
    inspection = await startInspection('');
    await renderApp({ path: '/dev/machines', authenticated: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'מכונות המצבים של המערכת' })).toBeTruthy();
  });
});
