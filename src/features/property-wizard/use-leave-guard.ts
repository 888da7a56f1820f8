/**
 * Leaving the edit of a published property with changes the server lacks asks first (issue 19,
 * item 5): any navigation to another page (a link, the menu, the browser's back), the wizard's own
 * cancel, and closing or reloading the tab (the browser's own question). Whether there is anything to
 * lose is the machine's answer (`selectHasUnsavedEdits`), read at the moment of leaving.
 *
 * A blocker on the router's history, not `useBlocker`: the hook's module would join the framework
 * chunk of every first load (docs/decisions.md, issue 19: editing), the history's `block` is there.
 */
import { selectHasUnsavedEdits } from '@machines/property-wizard/property-wizard.selectors';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { removeLocalDraft } from './draft-storage';
import type { PropertyWizardActor } from './use-property-wizard';

export interface LeaveGuard {
  /** The question is on screen. */
  asking: boolean;
  /** The wizard's cancel: leaves for the list, asking first when changes would be lost. */
  cancel(): void;
  stay(): void;
  leaveWithoutSaving(): void;
}

/** The broker's answer: true leaves without saving, false stays. */
type Answer = (leave: boolean) => void;

export function useLeaveGuard(actor: PropertyWizardActor, onCancel: () => void): LeaveGuard {
  const router = useRouter();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const hasUnsavedEdits = useCallback(() => selectHasUnsavedEdits(actor.getSnapshot()), [actor]);

  /**
   * The broker chose to drop the changes: the wizard stops (so nothing writes them back as the page
   * goes) and the browser's copy goes too, so the next edit starts from the server's.
   */
  const discard = useCallback(() => {
    const { serverId } = actor.getSnapshot().context;
    actor.stop();
    removeLocalDraft(serverId);
  }, [actor]);

  /** Shows the question; `then` runs with the answer once it is given. */
  const ask = useCallback(
    (then: Answer) => {
      setAnswer(() => (leave: boolean) => {
        setAnswer(null);
        if (leave) discard();
        then(leave);
      });
    },
    [discard],
  );

  useEffect(
    () =>
      router.history.block({
        blockerFn: ({ currentLocation, nextLocation }) => {
          // A step or a draft id changing in the address is moving inside the wizard, not leaving it.
          if (currentLocation.pathname === nextLocation.pathname || !hasUnsavedEdits()) return false;
          // Resolves true (stay: the navigation is blocked) or false (leave: it goes on).
          return new Promise<boolean>((resolve) => ask((leave) => resolve(!leave)));
        },
        enableBeforeUnload: hasUnsavedEdits,
      }),
    [router, hasUnsavedEdits, ask],
  );

  return {
    asking: answer !== null,
    cancel() {
      if (!hasUnsavedEdits()) {
        onCancel();
        return;
      }
      ask((leave) => {
        if (leave) void navigate({ to: '/properties', ignoreBlocker: true });
      });
    },
    stay: () => answer?.(false),
    leaveWithoutSaving: () => answer?.(true),
  };
}
