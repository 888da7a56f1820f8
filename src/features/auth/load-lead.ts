import type { Lead } from '@machines/registration/registration-lead';
import { isApiError } from '@/api';
import { getLead } from './auth-requests';
import { readStoredLead, writeStoredLead } from './lead-store';

/**
 * The registration machine's `loadLead`: the stored lead when no lead is named (/register); the
 * server's copy of a named one (the verify URL's lead=, /register/verified?l=), since its step is the
 * server's to decide and may have moved in another tab. Offline, a stored copy of the same lead will do.
 */
export async function loadLead(leadId: string | null, signal?: AbortSignal): Promise<Lead | null> {
  const stored = readStoredLead();
  if (leadId === null) return stored;
  try {
    const lead = await getLead(leadId, signal);
    writeStoredLead(lead);
    return lead;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    if (stored?.id === leadId) return stored;
    throw error;
  }
}
