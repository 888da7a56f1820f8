/**
 * The running registration: `registrationMachine` provided with the API, lead-storage, the router and
 * the auth session. One actor per screen (/register, the verify screen, /register/verified); the lead
 * in storage and the server carry the flow from one to the next.
 */
import {
  type RegistrationInput,
  type RegistrationMachine,
  registrationMachine,
} from '@machines/registration/registration.machine';
import type { Lead, LeadInput } from '@machines/registration/registration-lead';
import type { Tokens } from '@openapi/schema';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { inspectActors } from '@/inspection/actor-inspection';
import { registerLead, saveLead } from './auth-requests';
import { clearRegistration, writeStoredLead } from './lead-store';
import { loadLead } from './load-lead';

export type RegistrationActor = ActorRefFrom<RegistrationMachine>;
export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

export interface UseRegistrationOptions {
  input: RegistrationInput;
  /** Step 1 saved a lead whose phone is still to be proven: send it a code (the OTP flow). */
  onStartPhoneVerification?: (params: { leadId: string; phoneNumber: string }) => void;
}

export function useRegistration({
  input,
  onStartPhoneVerification,
}: UseRegistrationOptions): RegistrationActor {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: '__root__' });
  // Actions run long after the render that provided them; they read the latest router and callbacks.
  const latest = useRef({ navigate, auth, onStartPhoneVerification });
  latest.current = { navigate, auth, onStartPhoneVerification };

  const [machine] = useState(() =>
    registrationMachine.provide({
      actors: {
        loadLead: fromPromise<Lead | null, { leadId: string | null }>(({ input: { leadId }, signal }) =>
          loadLead(leadId, signal),
        ),
        saveLead: fromPromise<Lead, LeadInput>(({ input: lead, signal }) => saveLead(lead, signal)),
        registerLead: fromPromise<Tokens, { leadId: string }>(({ input: { leadId }, signal }) =>
          registerLead(leadId, signal),
        ),
      },
      actions: {
        persistLead: (_, { lead }) => writeStoredLead(lead),
        clearLead: () => clearRegistration(),
        startPhoneVerification: (_, params) => latest.current.onStartPhoneVerification?.(params),
        navigateToRegister: () => {
          void latest.current.navigate({ to: '/register' });
        },
        navigateToVerified: (_, { leadId }) => {
          void latest.current.navigate({ to: '/register/verified', search: { l: leadId } });
        },
        navigateToLogin: (_, { phoneNumber }) => {
          void latest.current.navigate({ to: '/login', search: phoneNumber ? { phone: phoneNumber } : {} });
        },
        navigateHome: () => {
          void latest.current.navigate({ to: '/' });
        },
        signIn: (_, { tokens }) => latest.current.auth.login(tokens),
      },
    }),
  );

  return useActorRef(machine, { input, inspect: inspectActors });
}
