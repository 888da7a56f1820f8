/**
 * The running registration, from the screen's first render: one actor per screen (the verify screen,
 * /register/verified); the lead in storage and the server carry the flow from one to the next.
 * /register starts it on its first submit instead (register/use-registration-on-submit.ts).
 */
import type { RegistrationInput, RegistrationMachine } from '@machines/registration/registration.machine';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { inspectActors } from '@/inspection/actor-inspection';
import { provideRegistration, type RegistrationActor, type RegistrationDeps } from './provide-registration';

export type { RegistrationActor } from './provide-registration';
export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

export interface UseRegistrationOptions {
  input: RegistrationInput;
  onStartPhoneVerification?: RegistrationDeps['onStartPhoneVerification'];
}

export function useRegistration({
  input,
  onStartPhoneVerification,
}: UseRegistrationOptions): RegistrationActor {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: '__root__' });
  const latest = useRef<RegistrationDeps>({ navigate, auth, onStartPhoneVerification });
  latest.current = { navigate, auth, onStartPhoneVerification };
  const [machine] = useState(() => provideRegistration(latest));
  return useActorRef(machine, { input, inspect: inspectActors });
}
