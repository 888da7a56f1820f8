import type { PropertyWizardInput } from '@machines/property-wizard/property-wizard.machine';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { DraftElsewhere } from './layout/draft-elsewhere';
import { WizardLoading } from './layout/wizard-load-states';
import { useTabOwnership } from './use-tab-ownership';
import { WizardScreen } from './wizard-screen';

/**
 * /properties/create: a new property, `?draft=<id>` to resume a server draft, `?edit=<id>` for a
 * published property, and `&step=<step id>` for the step shown. Each property gets its own wizard
 * (and machine), so a new link starts clean; a new draft's first server save puts its id in the
 * address without restarting the wizard, so a reload, another tab or another device opens it.
 */
export function WizardPage() {
  const search = useSearch({ from: '/_auth/properties/create' });
  const navigate = useNavigate({ from: '/properties/create' });
  const { edit, draft, step } = search;
  const input: PropertyWizardInput = edit
    ? { mode: 'edit', propertyId: edit }
    : draft
      ? { mode: 'resume', propertyId: draft }
      : { mode: 'create' };
  // A step in the address means this tab had the page open (back, forward, reload): its local
  // draft continues without the offer to resume.
  input.takeLocalDraft = step !== undefined;
  const ownKey = 'propertyId' in input ? `${input.mode}:${input.propertyId}` : input.mode;
  // The draft this screen stored first: its id arriving in the address keeps the same wizard.
  const [stored, setStored] = useState<{ key: string; id: string } | null>(null);
  const key = stored && !edit && draft === stored.id ? stored.key : ownKey;

  const onDraftStored = useCallback(
    (id: string) => {
      if (draft === id || edit) return;
      setStored({ key: ownKey, id });
      void navigate({ search: (previous) => ({ ...previous, draft: id }), replace: true });
    },
    [draft, edit, ownKey, navigate],
  );

  // One tab at a time per draft: the new property's local draft, or a stored property's.
  const { ownership, generation, takeOver } = useTabOwnership(`nechasim-property-draft:${key}`);
  if (ownership === 'pending') return <WizardLoading />;
  if (ownership !== 'owner') {
    return <DraftElsewhere takenAway={ownership === 'takenAway'} onTakeOver={takeOver} />;
  }
  // A takeover remounts the wizard, which reads the draft the other tab left, without asking.
  const taken = generation > 0 ? { ...input, takeLocalDraft: true } : input;
  return <WizardScreen key={`${key}#${generation}`} input={taken} onDraftStored={onDraftStored} />;
}
