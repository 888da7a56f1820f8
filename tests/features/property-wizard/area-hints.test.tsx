import { describe, expect, it } from 'vitest';
import { chooseKind, goNext } from './fill-steps';
import { field, renderWizard, setUpWizardServer } from './wizard-harness';

describe('the areas on step 2', () => {
  const env = setUpWizardServer();

  it('say the total is in square metres and the marketed area is held to it', async () => {
    const { user } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');

    expect(field('שטח כולל')).toHaveAccessibleDescription('במטרים רבועים');
    expect(field('שטח לשיווק')).toHaveAccessibleDescription('השטח המוצע לשיווק, עד השטח הכולל');
  });
});
