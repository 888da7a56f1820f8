import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseKind, fillBuildingDetails, fillGeneralInfo, goNext, type Kind } from './fill-steps';
import {
  answer,
  choose,
  field,
  nextButton,
  renderWizard,
  setUpWizardServer,
  statusText,
  stepHeading,
  type,
} from './wizard-harness';

// Each walk types through two or three steps: 1.5–2.4 s on a quiet machine, past the screens' 20 s at
// load 13–17 (docs/testing.md). The bound is for the machine, not the test.
describe('wizard step validity and the required-fields count', { timeout: 45_000 }, () => {
  const env = setUpWizardServer();

  it('offices: no usage categories, three required fields on step 2 and four on step 3', async () => {
    const { user } = await renderWizard(env.broker);

    expect(statusText()).toContain('נותר שדה חובה אחד');
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
    await chooseKind(user, 'offices');
    expect(statusText()).toContain('כל שדות החובה מולאו');
    expect(nextButton()).not.toHaveAttribute('aria-disabled');

    await goNext(user, 'מידע כללי על הנכס');
    expect(screen.queryByRole('combobox', { name: 'ייעודי שימוש' })).not.toBeInTheDocument();
    expect(statusText()).toContain('נותרו 3 שדות חובה');
    // Nothing is flagged before the broker has done anything.
    expect(screen.queryByText('שדה חובה')).not.toBeInTheDocument();

    await type(user, 'עיר', 'חיפה');
    expect(statusText()).toContain('נותרו שני שדות חובה');
    await type(user, 'כתובת', 'דרך העצמאות 40');
    expect(statusText()).toContain('נותר שדה חובה אחד');
    await choose(user, 'סוג המבנה', 'בניין בוטיק');
    expect(statusText()).toContain('כל שדות החובה מולאו');

    await goNext(user, 'פרטי הבניין');
    // Truck access counts too: publishing needs it, and "none" answers it (issue 19).
    expect(statusText()).toContain('נותרו 4 שדות חובה');
    await answer(user, 'נגישות לאנשים עם מוגבלות', 'לא');
    await answer(user, 'חניה בבניין', 'לא');
    expect(statusText()).toContain('נותרו שני שדות חובה');
    await answer(user, 'מעלית נוסעים', 'כן');
    // The freight elevator is asked of offices too, but not required of them.
    expect(statusText()).toContain('נותר שדה חובה אחד');
    await user.click(screen.getByRole('checkbox', { name: 'אין גישה למשאיות' }));
    expect(statusText()).toContain('כל שדות החובה מולאו');
    await goNext(user, 'סביבה ותחבורה');
  });

  it('refuses "next" on an incomplete step and then shows what is missing, focusing the first field', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'retail');
    await goNext(user, 'מידע כללי על הנכס');
    await type(user, 'עיר', 'חיפה');

    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(nextButton());

    expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס');
    expect(screen.getByText('יש לבחור לפחות אפשרות אחת')).toBeInTheDocument();
    expect(screen.getAllByText('שדה חובה')).toHaveLength(2); // address, building type
    expect(field('ייעודי שימוש')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('יש להשלים את השדות המסומנים לפני המעבר לשלב הבא');
  });

  it('retail: four required fields on step 2, "other" adds its description, five on step 3', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'retail');
    await goNext(user, 'מידע כללי על הנכס');
    expect(statusText()).toContain('נותרו 4 שדות חובה');

    await choose(user, 'ייעודי שימוש', 'אחר');
    expect(statusText()).toContain('נותרו 4 שדות חובה'); // usage answered, its description now asked
    expect(field('פירוט השימוש האחר')).toBeInTheDocument();
    await fillGeneralInfo(user, 'retail');
    expect(statusText()).toContain('נותר שדה חובה אחד');
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');

    await type(user, 'פירוט השימוש האחר', 'סטודיו לפילאטיס');
    expect(statusText()).toContain('כל שדות החובה מולאו');
    await goNext(user, 'פרטי הבניין');
    expect(statusText()).toContain('נותרו 5 שדות חובה');
    await fillBuildingDetails(user, 'retail');
    expect(statusText()).toContain('כל שדות החובה מולאו');
  });

  it.each<[Kind]>([['logistics'], ['industry']])(
    '%s: usage categories and the freight elevator are required',
    async (kind) => {
      const { user } = await renderWizard(env.broker);
      await chooseKind(user, kind);
      await goNext(user, 'מידע כללי על הנכס');
      expect(statusText()).toContain('נותרו 4 שדות חובה');
      await fillGeneralInfo(user, kind);
      expect(statusText()).toContain('כל שדות החובה מולאו');

      await goNext(user, 'פרטי הבניין');
      expect(statusText()).toContain('נותרו 5 שדות חובה');
      await answer(user, 'נגישות לאנשים עם מוגבלות', 'כן');
      await answer(user, 'חניה בבניין', 'לא');
      await answer(user, 'מעלית נוסעים', 'כן');
      expect(statusText()).toContain('נותרו שני שדות חובה');
      expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
      await answer(user, 'מעלית משא', 'לא');
      // Only truck access is left: it holds publishing, not "next".
      expect(statusText()).toContain('נותר שדה חובה אחד');
      expect(nextButton()).not.toHaveAttribute('aria-disabled');
      await user.click(screen.getByRole('checkbox', { name: 'אין גישה למשאיות' }));
      expect(statusText()).toContain('כל שדות החובה מולאו');
      await goNext(user, 'סביבה ותחבורה');
    },
  );

  it('names the limit a value is over (issue 19)', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');
    await fillGeneralInfo(user, 'offices');
    await goNext(user, 'פרטי הבניין');
    await type(user, 'מספר קומות בבניין', '201');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'מספר קומות בבניין' })).toHaveAccessibleDescription(
      /הערך המרבי הוא 200/,
    );
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('says the limit when a pasted address is longer than the 200 characters it takes (issue 19)', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');
    const address = field('כתובת') as HTMLInputElement;
    expect(address.maxLength).toBe(200);
    expect((field('עיר') as HTMLInputElement).maxLength).toBe(80);

    await user.click(address);
    await user.paste('רחוב הרצל 1 '.repeat(55));

    expect(address.value).toHaveLength(200);
    const cut = 'אפשר להזין עד 200 תווים, ולכן הטקסט שהודבק קוצר. כדאי לבדוק מה נשאר';
    expect(address).toHaveAccessibleDescription(cut);
    await user.type(address, '{Backspace}');
    expect(screen.queryByText(cut)).not.toBeInTheDocument();
  });

  it('refuses a sale price past ₪10,000,000,000 and an area past 1,000,000 m², naming each limit (issue 19)', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');
    await fillGeneralInfo(user, 'offices');
    // Seventeen nines: past the largest integer a number keeps exactly, where the field used to give up.
    await type(user, 'מחיר מבוקש', '99999999999999999');
    await type(user, 'שטח כולל', '1000001');
    await user.tab();

    expect(field('מחיר מבוקש')).toHaveAccessibleDescription(/הערך המרבי הוא\s*\u200f?10,000,000,000/);
    expect(field('מחיר מבוקש')).toHaveAccessibleDescription(/₪/);
    // What was typed stays, not the nearest number a float holds (100,000,000,000,000,000).
    expect(field('מחיר מבוקש')).toHaveValue('99,999,999,999,999,999');
    expect(field('שטח כולל')).toHaveAccessibleDescription(/הערך המרבי הוא 1,000,000\u00a0מ״ר/);
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('holds "next" on a plainly wrong value even when every required field is answered', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');
    await fillGeneralInfo(user, 'offices');
    await type(user, 'שטח כולל', '500');
    await type(user, 'שטח לשיווק', '800');

    expect(screen.getByText('השטח לשיווק לא יכול לעלות על השטח הכולל')).toBeInTheDocument();
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
    await type(user, 'שטח לשיווק', '400');
    expect(screen.queryByText('השטח לשיווק לא יכול לעלות על השטח הכולל')).not.toBeInTheDocument();
    await goNext(user, 'פרטי הבניין');
  });

  it('asks the monthly parking cost once the building has parking, without requiring it (issue 19)', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');
    await fillGeneralInfo(user, 'offices');
    await goNext(user, 'פרטי הבניין');

    expect(screen.queryByRole('textbox', { name: 'עלות חניה חודשית' })).not.toBeInTheDocument();
    await answer(user, 'חניה בבניין', 'כן');
    await user.click(field('עלות חניה חודשית'));
    await user.tab();
    const cost = screen.getByRole('textbox', { name: 'עלות חניה חודשית' });
    expect(cost).not.toHaveAccessibleDescription(/שדה חובה/);
    expect(cost).toHaveAccessibleDescription(/כלולה במחיר/);
  });

  it('"none" truck access excludes the other options', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'logistics');
    await goNext(user, 'מידע כללי על הנכס');
    await fillGeneralInfo(user, 'logistics');
    await goNext(user, 'פרטי הבניין');
    const trucks = screen.getByRole('group', { name: 'גישה למשאיות' });

    await user.click(within(trucks).getByRole('checkbox', { name: "גישה למכולה 40'" }));
    await user.click(within(trucks).getByRole('checkbox', { name: 'אין גישה למשאיות' }));
    expect(within(trucks).getByRole('checkbox', { name: 'אין גישה למשאיות' })).toBeChecked();
    expect(within(trucks).getByRole('checkbox', { name: "גישה למכולה 40'" })).not.toBeChecked();
    await user.click(within(trucks).getByRole('checkbox', { name: 'גישה לסמיטריילר' }));
    expect(within(trucks).getByRole('checkbox', { name: 'אין גישה למשאיות' })).not.toBeChecked();
  });

  it('moves focus to the new step heading, and back on step 1 returns to the list', async () => {
    const { user, router } = await renderWizard(env.broker);
    await chooseKind(user, 'industry');
    await goNext(user, 'מידע כללי על הנכס');
    expect(stepHeading()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'הקודם' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('איזה נכס מפרסמים?'));
    expect(stepHeading()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'ביטול' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
  });

  it('chooses the kind from the keyboard: one tab stop, arrows move the choice', async () => {
    const { user } = await renderWizard(env.broker);
    const offices = await screen.findByRole('radio', { name: /^משרדים/ });
    offices.focus();
    await user.keyboard('{Enter}');
    expect(offices).toBeChecked();
    expect(screen.getByRole('radio', { name: /^מסחר/ })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^מסחר/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^מסחר/ })).toHaveFocus();
  });
});
