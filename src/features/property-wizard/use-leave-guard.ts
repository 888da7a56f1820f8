/**
 * Leaving the edit of a published property with changes the server lacks asks first (issue 19,
 * item 5): an in-app link or any router navigation (`useBlocker`), the wizard's own cancel, and
 * closing or reloading the tab (the browser's own question). Whether there is anything to lose is
 * the machine's answer (`selectHasUnsavedEdits`), read at the moment of leaving.
 */
import { selectHasUnsavedEdits } from '@machines/property-wizard/property-wizard.selectors';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
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

export function useLeaveGuard(actor: PropertyWizardActor, onCancel: () => void): LeaveGuard {
  const navigate = useNavigate();
  const [cancelAsked, setCancelAsked] = useState(false);
  const hasUnsavedEdits = useCallback(() => selectHasUnsavedEdits(actor.getSnapshot()), [actor]);

  const blocker = useBlocker({
    // A step or a draft id changing in the address is moving inside the wizard, not leaving it.
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && hasUnsavedEdits(),
    enableBeforeUnload: hasUnsavedEdits,
    withResolver: true,
  });

  /**
   * The broker chose to drop the changes: the wizard stops (so nothing writes them back as the page
   * goes) and the browser's copy goes too, so the next edit starts from the server's.
   */
  const discard = useCallback(() => {
    const { serverId } = actor.getSnapshot().context;
    actor.stop();
    removeLocalDraft(serverId);
  }, [actor]);

  return {
    asking: blocker.status === 'blocked' || cancelAsked,
    cancel() {
      if (hasUnsavedEdits()) setCancelAsked(true);
      else onCancel();
    },
    stay() {
      setCancelAsked(false);
      blocker.reset?.();
    },
    leaveWithoutSaving() {
      discard();
      if (blocker.status === 'blocked') {
        blocker.proceed();
        return;
      }
      setCancelAsked(false);
      void navigate({ to: '/properties', ignoreBlocker: true });
    },
  };
}
