import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth/auth.machine';
import { authEventDescriptions } from './auth/auth-event-descriptions';
import { exposureRequestMachine } from './exposure-request/exposure-request.machine';
import { exposureRequestEventDescriptions } from './exposure-request/exposure-request-event-descriptions';
import type { MachineText } from './machine-text';
import { otpMachine } from './otp/otp.machine';
import { otpEventDescriptions } from './otp/otp-event-descriptions';
import { propertyWizardMachine } from './property-wizard/property-wizard.machine';
import { propertyWizardEventDescriptions } from './property-wizard/property-wizard-event-descriptions';
import { registrationMachine } from './registration/registration.machine';
import { registrationEventDescriptions } from './registration/registration-event-descriptions';
import { signOutMachine } from './sign-out/sign-out.machine';
import { signOutEventDescriptions } from './sign-out/sign-out-event-descriptions';

export interface RegisteredMachine {
  machine: AnyStateMachine;
  /** What the flow is, for people reading diagrams and coverage reports. */
  title: { he: string; en: string };
  /** The machine's `<machine>EventDescriptions` table: what each of its events means. */
  events?: Readonly<Record<string, MachineText>>;
}

/**
 * Every machine of the product, once. Diagrams, the coverage report and the dev machines page read
 * this list, so a machine added here is drawn, reported and shown with no further wiring.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  {
    machine: authMachine,
    title: { he: 'התחברות ורענון אסימונים', en: 'Session and token refresh' },
    events: authEventDescriptions,
  },
  {
    machine: otpMachine,
    title: { he: 'שליחה ואימות של קוד חד-פעמי', en: 'One-time code: send, verify, resend' },
    events: otpEventDescriptions,
  },
  {
    machine: registrationMachine,
    title: { he: 'הרשמה', en: 'Registration' },
    events: registrationEventDescriptions,
  },
  {
    machine: propertyWizardMachine,
    title: { he: 'אשף יצירת נכס', en: 'Property creation wizard' },
    events: propertyWizardEventDescriptions,
  },
  {
    machine: signOutMachine,
    title: { he: 'התנתקות עם טיוטות שלא נשמרו', en: 'Logging out with unsaved drafts' },
    events: signOutEventDescriptions,
  },
  {
    machine: exposureRequestMachine,
    title: { he: 'בקשת חשיפה והזמנת תיווך', en: 'Exposure request and brokerage order' },
    events: exposureRequestEventDescriptions,
  },
];
