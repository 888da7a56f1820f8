/**
 * The running wizard: `propertyWizardMachine` provided with browser storage, the API, the router,
 * the query cache and toasts. The actor is created once per screen (the page keys it by property).
 */
import type { LocalDraft, LocalDraftKey } from '@machines/property-wizard/local-draft';
import {
  type PropertyWizardInput,
  propertyWizardMachine,
  type SaveLocalDraftInput,
  type SavePropertyInput,
} from '@machines/property-wizard/property-wizard.machine';
import type { Property } from '@openapi/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { propertyKeys } from '@/api/query-keys';
import { showToast, type ToastType } from '@/components/toast/show-toast';
import { i18n } from '@/i18n/i18n';
import { inspectActors } from '@/inspection/actor-inspection';
import {
  FLUSH_PROPERTY_DRAFTS_EVENT,
  readLocalDraft,
  removeLocalDraft,
  writeLocalDraft,
} from './draft-storage';
import { createPropertyRequests } from './property-requests';
import { createWizardFiles, type WizardFiles } from './wizard-files';

export type PropertyWizardActor = ActorRefFrom<typeof propertyWizardMachine>;

type ToastKey =
  | 'noChanges'
  | 'draftSaved'
  | 'draftLoaded'
  | 'loadFailed'
  | 'draftCleared'
  | 'saveFailed'
  | 'published'
  | 'changesSaved';

function toast(key: ToastKey, type: ToastType, message?: string): void {
  showToast({ type, title: i18n.t(`wizard:toasts.${key}`), message });
}

export interface PropertyWizard {
  actor: PropertyWizardActor;
  files: WizardFiles;
  /** The share of the running upload sent (0 to 1), or null when none runs. */
  uploadProgress: number | null;
}

export interface PropertyWizardCallbacks {
  /** The draft is stored on the server under this id. */
  onDraftStored(propertyId: string): void;
}

export function usePropertyWizard(
  input: PropertyWizardInput,
  { onDraftStored }: PropertyWizardCallbacks,
): PropertyWizard {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [files] = useState(createWizardFiles);
  // Actions run long after the render that provided them; they read the latest router, cache and callbacks.
  const latest = useRef({ navigate, queryClient, onDraftStored });
  latest.current = { navigate, queryClient, onDraftStored };

  const [machine] = useState(() => {
    const requests = createPropertyRequests({ files, onUploadProgress: setUploadProgress });
    return propertyWizardMachine.provide({
      actors: {
        loadLocalDraft: fromPromise<LocalDraft | null, LocalDraftKey>(async ({ input }) =>
          readLocalDraft(input.propertyId),
        ),
        // Written before any await, so a FLUSH as the page is hidden lands before the page goes.
        saveLocalDraft: fromPromise<void, SaveLocalDraftInput>(async ({ input }) => {
          writeLocalDraft(input.propertyId, input.draft);
        }),
        loadProperty: fromPromise<Property, { propertyId: string }>(({ input, signal }) =>
          requests.loadProperty(input.propertyId, signal),
        ),
        saveServerDraft: fromPromise<Property, SavePropertyInput>(({ input, signal }) =>
          requests.saveDraft(input, signal),
        ),
        publishProperty: fromPromise<Property, SavePropertyInput>(({ input, signal }) =>
          requests.publish(input, signal),
        ),
      },
      actions: {
        clearLocalDraft: (_, params) => removeLocalDraft(params.propertyId),
        navigateToList: () => {
          void latest.current.navigate({ to: '/properties' });
        },
        syncPropertyList: (_, { property }) => {
          const { queryClient } = latest.current;
          queryClient.setQueryData(propertyKeys.detail(property.id), property);
          void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
        },
        notifyDraftLoaded: () => toast('draftLoaded', 'success'),
        showDraftAddress: (_, { propertyId }) => latest.current.onDraftStored(propertyId),
        notifyLoadFailed: (_, { error }) => toast('loadFailed', 'error', error.message),
        notifyDraftSaved: () => toast('draftSaved', 'success'),
        notifyNoChanges: () => toast('noChanges', 'info'),
        notifySaveFailed: (_, { error }) => toast('saveFailed', 'error', error.message),
        notifyDraftCleared: () => toast('draftCleared', 'warning'),
        // Saving an edit of a published property is not publishing it anew.
        notifyPublished: () => toast(input.mode === 'edit' ? 'changesSaved' : 'published', 'success'),
        // Spec 8: a failed create is logged; the review step shows the server's message beside the button.
        notifyPublishFailed: (_, { error }) => console.error('publish failed', error),
      },
    });
  });

  const actor = useActorRef(machine, { input, inspect: inspectActors });

  useEffect(() => {
    // The tab may never come back: write what the debounce has not written yet.
    const flush = () => {
      if (document.visibilityState === 'hidden') actor.send({ type: 'FLUSH' });
    };
    const flushNow = () => actor.send({ type: 'FLUSH' });
    document.addEventListener('visibilitychange', flush);
    window.addEventListener('pagehide', flushNow);
    // Sign-out decides from storage whether unsaved work would be lost: it must hold the latest typing.
    window.addEventListener(FLUSH_PROPERTY_DRAFTS_EVENT, flushNow);
    return () => {
      document.removeEventListener('visibilitychange', flush);
      window.removeEventListener('pagehide', flushNow);
      window.removeEventListener(FLUSH_PROPERTY_DRAFTS_EVENT, flushNow);
      // Leaving the page inside the app (browser back to the list): what the debounce holds is written.
      if (actor.getSnapshot().status === 'active') flushNow();
    };
  }, [actor]);

  return { actor, files, uploadProgress };
}
