/**
 * `registrationMachine` provided with the API, lead-storage, the router and the auth session, for the
 * screens that run it: as a hook where the screen needs it from its first render (use-registration.ts),
 * started on the first submit where it does not (register/use-registration-on-submit.ts).
 */
import {
  type RegistrationInput,
  type RegistrationMachine,
  registrationMachine,
} from '@machines/registration/registration.machine';
import type { Lead, LeadInput } from '@machines/registration/registration-lead';
import type { Tokens } from '@openapi/schema';
import type { useNavigate } from '@tanstack/react-router';
import { type ActorRefFrom, createActor, fromPromise, waitFor } from 'xstate';
import type { AuthContext } from '@/app/router-context';
import { inspectActors } from '@/inspection/actor-inspection';
import { registerLead, saveLead } from './auth-requests';
import { clearRegistration, writeStoredLead } from './lead-store';
import { loadLead } from './load-lead';

export type RegistrationActor = ActorRefFrom<RegistrationMachine>;

/** What the machine's actions reach; read at the moment they run, long after the render that gave them. */
export interface RegistrationDeps {
  navigate: ReturnType<typeof useNavigate>;
  auth: AuthContext;
  /** Step 1 saved a lead whose phone is still to be proven: send it a code (the OTP flow). */
  onStartPhoneVerification?: (params: { leadId: string; phoneNumber: string }) => void;
}

export function provideRegistration(latest: { current: RegistrationDeps }): RegistrationMachine {
  return registrationMachine.provide({
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
  });
}

/**
 * The flow started now, resolved once it has read the stored lead and shows a step (for /register,
 * the personal details: a lead is offered to resume only on a page opened fresh).
 */
export async function startRegistration(
  latest: { current: RegistrationDeps },
  input: RegistrationInput,
): Promise<RegistrationActor> {
  const actor = createActor(provideRegistration(latest), { input, inspect: inspectActors }).start();
  await waitFor(actor, (snapshot) => !snapshot.matches('checkingDraft'));
  return actor;
}
