import type { ReactNode } from 'react';
import classes from './phone-or-wide.module.css';
import { usePhoneLayout } from './use-phone-layout';

/**
 * A phone's layout or a wider screen's. The server cannot know the width, so its HTML holds both, one
 * hidden by a media query (display:none: out of the tab order and of the accessibility tree), and the
 * page is right at any width before a script runs, with nothing moving when React hydrates. Right after
 * hydration only the one that fits stays; a change of width swaps them. A lazy part of the hidden one (the
 * list's table on a phone) is not loaded: React hydrates a Suspense boundary's content after the render
 * that follows hydration, which has removed it by then (tests/components/phone-or-wide.test.tsx).
 */
export function PhoneOrWide({ phone, wide }: { phone: ReactNode; wide: ReactNode }) {
  const isPhone = usePhoneLayout();
  return (
    <>
      <div className={classes.phone} data-layout="phone">
        {isPhone === false ? null : phone}
      </div>
      <div className={classes.wide} data-layout="wide">
        {isPhone === true ? null : wide}
      </div>
    </>
  );
}
