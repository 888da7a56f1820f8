import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LimitedTextInput } from '@/components/limited-text-input';
import { renderWithProviders } from '../setup/render';

const CUT = 'אפשר להזין עד 10 תווים, ולכן הטקסט שהודבק קוצר';

function Controlled({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <LimitedTextInput
      label="כתובת"
      maxLength={10}
      cutMessage={CUT}
      error={error}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

function renderInput(props: { initial?: string; error?: string } = {}) {
  const user = userEvent.setup();
  renderWithProviders(<Controlled {...props} />);
  return { user, input: screen.getByRole('textbox', { name: 'כתובת' }) as HTMLInputElement };
}

describe('LimitedTextInput', () => {
  it('keeps the start of a paste that does not fit and says so until the next edit', async () => {
    const { user, input } = renderInput({ initial: 'רחוב ' });
    await user.click(input);
    await user.paste('הרצל 100 תל אביב');

    expect(input.value).toBe('רחוב הרצל ');
    expect(input).toHaveAccessibleDescription(CUT);
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, '{Backspace}');
    expect(input).not.toHaveAccessibleDescription(CUT);
  });

  it('says nothing when a paste fits, counting the selected text it replaces', async () => {
    const { user, input } = renderInput({ initial: '1234567890' });
    await user.tripleClick(input);
    await user.paste('הרצל 100');

    expect(input.value).toBe('הרצל 100');
    expect(screen.queryByText(CUT)).not.toBeInTheDocument();
  });

  it('lets the field’s own error speak first', async () => {
    const { user, input } = renderInput({ error: 'שדה חובה' });
    await user.click(input);
    await user.paste('א'.repeat(30));

    expect(input).toHaveAccessibleDescription('שדה חובה');
  });
});
