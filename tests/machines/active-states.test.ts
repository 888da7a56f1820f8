import { activeLeafStateNodeIds, activeStateNodeIds } from '@diagrams/active-states';
import { otpMachine } from '@machines/otp/otp.machine';
import { describe, expect, it } from 'vitest';

describe('active state nodes of a state value', () => {
  it('lists nested and parallel states outermost first, and their leaves', () => {
    const value = { enteringCode: { code: 'editing', resend: 'idle' } };
    expect(activeStateNodeIds(otpMachine, value)).toEqual([
      'otp.enteringCode',
      'otp.enteringCode.code',
      'otp.enteringCode.code.editing',
      'otp.enteringCode.resend',
      'otp.enteringCode.resend.idle',
    ]);
    expect(activeLeafStateNodeIds(otpMachine, value)).toEqual([
      'otp.enteringCode.code.editing',
      'otp.enteringCode.resend.idle',
    ]);
  });

  it('ignores names the machine does not have', () => {
    expect(activeStateNodeIds(otpMachine, 'sending')).toEqual(['otp.sending']);
    expect(activeStateNodeIds(otpMachine, 'nowhere')).toEqual([]);
  });
});
