/** Fills the wizard's steps the way a broker would, through the screen. */
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { answer, choose, nextButton, stepHeading, type } from './wizard-harness';

type User = ReturnType<typeof userEvent.setup>;

export const KIND_LABELS = {
  offices: 'משרדים',
  retail: 'מסחר',
  logistics: 'לוגיסטיקה',
  industry: 'תעשייה',
} as const;
export type Kind = keyof typeof KIND_LABELS;

export async function chooseKind(user: User, kind: Kind) {
  await user.click(await screen.findByRole('radio', { name: new RegExp(`^${KIND_LABELS[kind]}`) }));
}

export async function goNext(user: User, expectedHeading: string) {
  await user.click(nextButton());
  await waitFor(() => expect(stepHeading()).toHaveTextContent(expectedHeading));
}

const GENERAL = {
  offices: { category: 'מגדל משרדים', usage: null },
  retail: { category: 'חנות רחוב', usage: 'קמעונאות כללית' },
  logistics: { category: 'פארק לוגיסטי', usage: 'אחסון יבש' },
  industry: { category: 'פארק תעשייה', usage: 'תעשייה קלה' },
} as const;

export async function fillGeneralInfo(user: User, kind: Kind, address = 'רוטשילד 22') {
  const { category, usage } = GENERAL[kind];
  if (usage) await choose(user, 'ייעודי שימוש', usage);
  await type(user, 'עיר', 'תל אביב-יפו');
  await type(user, 'כתובת', address);
  await choose(user, 'סוג המבנה', category);
}

/** The required answers of step 3, and the further reading's "at least one" choices. */
export async function fillBuildingDetails(user: User, kind: Kind) {
  await answer(user, 'נגישות לאנשים עם מוגבלות', 'כן');
  await answer(user, 'חניה בבניין', 'לא');
  await answer(user, 'מעלית נוסעים', 'כן');
  if (kind !== 'offices') await answer(user, 'מעלית משא', 'כן');
  await user.click(screen.getByRole('checkbox', { name: 'אין גישה למשאיות' }));
  await user.click(screen.getByRole('checkbox', { name: 'חניה ברחוב' }));
}

export async function fillEnvironment(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'רכבת קלה' }));
}

/** Steps 1 to 4 of a property that can be published, ending on step 5 (media). */
export async function fillPublishable(user: User, kind: Kind = 'offices') {
  await chooseKind(user, kind);
  await goNext(user, 'מידע כללי על הנכס');
  await fillGeneralInfo(user, kind);
  await goNext(user, 'פרטי הבניין');
  await fillBuildingDetails(user, kind);
  await goNext(user, 'סביבה ותחבורה');
  await fillEnvironment(user);
  await goNext(user, 'מדיה ומסמכים');
}
