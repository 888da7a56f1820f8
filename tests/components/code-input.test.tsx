import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput, type CodeInputProps, ResendButton } from '@/components/code-input';
import { changeLanguage } from '@/i18n/i18n';
import { renderWithProviders } from '../setup/render';

function ControlledCode(props: Omit<CodeInputProps, 'value' | 'onChange'>) {
  const [code, setCode] = useState('');
  return <CodeInput {...props} value={code} onChange={setCode} />;
}

function renderCode(props: Omit<CodeInputProps, 'value' | 'onChange'> = {}) {
  const user = userEvent.setup();
  const view = renderWithProviders(<ControlledCode {...props} />);
  const boxes = Array.from({ length: 6 }, (_, index) =>
    screen.getByRole('textbox', { name: `ספרה ${index + 1} מתוך 6` }),
  ) as HTMLInputElement[];
  const shown = () => boxes.map((box) => box.value).join('');
  return { ...view, user, boxes, shown };
}

afterEach(async () => {
  await changeLanguage('he');
});

describe('CodeInput', () => {
  it('shows six boxes labelled for screen readers, left to right, ready for SMS autofill', () => {
    const { boxes } = renderCode();
    const group = screen.getByRole('group', { name: 'קוד אימות' });
    expect(group).toHaveAttribute('dir', 'ltr');
    expect(within(group).getAllByRole('textbox')).toHaveLength(6);
    for (const box of boxes) {
      expect(box).toHaveAttribute('autocomplete', 'one-time-code');
      expect(box).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('takes one digit per box and moves on', async () => {
    const { user, boxes, shown } = renderCode();
    await user.click(boxes[0] as HTMLInputElement);
    await user.keyboard('123');
    expect(shown()).toBe('123');
    expect(boxes[3]).toHaveFocus();
  });

  it('leaves the boxes empty when letters are typed', async () => {
    const { user, boxes, shown } = renderCode();
    await user.click(boxes[0] as HTMLInputElement);
    await user.keyboard('abc-+ ');
    expect(shown()).toBe('');
  });

  it('keeps the first 6 digits of pasted text, dropping everything else', async () => {
    const { user, boxes, shown } = renderCode();
    await user.click(boxes[0] as HTMLInputElement);
    await user.paste('a1b2c3d4e5f6g7');
    expect(shown()).toBe('123456');
    expect(boxes.map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('fills from the start and focuses the next empty box when fewer than 6 digits are pasted', async () => {
    const { user, boxes, shown } = renderCode();
    await user.click(boxes[2] as HTMLInputElement);
    await user.paste('Your code: 12-34');
    expect(shown()).toBe('1234');
    expect(boxes[4]).toHaveFocus();
  });

  it('ignores a paste with no digits', async () => {
    const { user, boxes, shown } = renderCode();
    await user.click(boxes[0] as HTMLInputElement);
    await user.paste('no code here');
    expect(shown()).toBe('');
  });

  it('moves back to the previous box on Backspace in an empty box', async () => {
    const { user, boxes } = renderCode();
    await user.click(boxes[0] as HTMLInputElement);
    await user.keyboard('12');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
  });

  it('shows the error under the boxes, announced and tied to each box', () => {
    renderWithProviders(<CodeInput value="123456" error="האימות נכשל, יש להזין קוד תקין" />);
    const message = screen.getByText('האימות נכשל, יש להזין קוד תקין');
    const region = message.closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('group', { name: 'קוד אימות' })).toHaveAccessibleDescription(
      'האימות נכשל, יש להזין קוד תקין',
    );
    for (const box of screen.getAllByRole('textbox')) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleErrorMessage('האימות נכשל, יש להזין קוד תקין');
    }
  });

  it('labels the boxes in English when the app is in English', async () => {
    await changeLanguage('en');
    renderWithProviders(<CodeInput />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toBeInTheDocument();
  });
});

describe('ResendButton', () => {
  it.each([
    [1, 'שליחה חוזרת בעוד שנייה'],
    [2, 'שליחה חוזרת בעוד שתי שניות'],
    [17, 'שליחה חוזרת בעוד 17 שניות'],
    [30, 'שליחה חוזרת בעוד 30 שניות'],
    // The server's Retry-After after too many codes: a long wait reads in minutes.
    [120, 'שליחה חוזרת בעוד שתי דקות'],
    [3600, 'שליחה חוזרת בעוד 60 דקות'],
  ])('counts down in Hebrew: %i → %s, disabled', (secondsLeft, text) => {
    renderWithProviders(<ResendButton secondsLeft={secondsLeft} sending={false} onResend={() => {}} />);
    expect(screen.getByRole('button', { name: text })).toBeDisabled();
  });

  it('offers resend at 0 and calls back on click', async () => {
    const onResend = vi.fn();
    renderWithProviders(<ResendButton secondsLeft={0} sending={false} onResend={onResend} />);
    const button = screen.getByRole('button', { name: 'שליחה חוזרת' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('says sending and stays disabled while sending', async () => {
    const onResend = vi.fn();
    renderWithProviders(<ResendButton secondsLeft={0} sending onResend={onResend} />);
    const button = screen.getByRole('button', { name: 'בשליחה…' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onResend).not.toHaveBeenCalled();
  });

  it('counts down in English with singular and plural', async () => {
    await changeLanguage('en');
    const { rerender } = renderWithProviders(
      <ResendButton secondsLeft={1} sending={false} onResend={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Resend code in 1 second' })).toBeDisabled();
    rerender(<ResendButton secondsLeft={2} sending={false} onResend={() => {}} />);
    expect(screen.getByRole('button', { name: 'Resend code in 2 seconds' })).toBeDisabled();
    rerender(<ResendButton secondsLeft={0} sending={false} onResend={() => {}} />);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });
});
