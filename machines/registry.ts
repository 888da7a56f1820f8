import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth/auth.machine';
import { otpMachine } from './otp/otp.machine';
import { propertyWizardMachine } from './property-wizard/property-wizard.machine';
import { registrationMachine } from './registration/registration.machine';

export interface RegisteredMachine {
  machine: AnyStateMachine;
  /** What the flow is, for people reading diagrams and coverage reports. */
  title: { he: string; en: string };
}

/**
 * Every machine of the product, once. Diagrams, the coverage report and the dev machines page read
 * this list, so a machine added here is drawn, reported and shown with no further wiring.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  { machine: authMachine, title: { he: 'התחברות ורענון אסימונים', en: 'Session and token refresh' } },
  {
    machine: otpMachine,
    title: { he: 'שליחה ואימות של קוד חד-פעמי', en: 'One-time code: send, verify, resend' },
  },
  { machine: registrationMachine, title: { he: 'הרשמה', en: 'Registration' } },
  { machine: propertyWizardMachine, title: { he: 'אשף יצירת נכס', en: 'Property creation wizard' } },
];
