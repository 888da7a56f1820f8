import { MEDIA_INPUT_FIELDS } from '@domain/property-form';
import { validatePropertyInputForStatus } from '@domain/wizard-rules';
import type { PropertyInput } from '@openapi/schema';
import { AppError, type ErrorDetail } from '../http/app-error';

export const FILE_ID_FIELDS = Object.values(MEDIA_INPUT_FIELDS);

/**
 * The checks of a save beyond the contract's schema, on the whole property (on update: the stored
 * property merged with the body). `where` prefixes detail paths: `body` for JSON, `property` for
 * the multipart field.
 *
 * - A published property never goes back to draft (400 cannot_unpublish): its listing may
 *   already be out with partners, and "unpublish" deserves its own operation and confirmation.
 * - A wrong value (a category of another kind, a marketed area above the total, ...) is refused in
 *   a draft too: 400 validation_failed, details keyed like the wizard's field errors.
 * - A published property must also be complete: 400 property_incomplete, listing what is missing.
 */
export function assertSavable(
  merged: PropertyInput,
  where: 'body' | 'property',
  stored?: { status: string },
): void {
  if (stored?.status === 'published' && merged.status === 'draft') {
    throw new AppError(400, 'cannot_unpublish', {
      details: [{ path: `${where}/status`, message: 'published' }],
    });
  }
  const invalid = validatePropertyInputForStatus({ ...merged, status: 'draft' });
  if (invalid.length > 0) {
    throw new AppError(400, 'validation_failed', { details: toDetails(where, invalid) });
  }
  if (merged.status === 'published') {
    const missing = validatePropertyInputForStatus(merged);
    if (missing.length > 0)
      throw new AppError(400, 'property_incomplete', { details: toDetails(where, missing) });
  }
}

/**
 * On create, files travel in the multipart request; the seven id lists and the captions by id
 * must be empty or absent.
 */
export function assertNoFileIds(input: PropertyInput, where: 'body' | 'property'): void {
  const details: ErrorDetail[] = FILE_ID_FIELDS.filter((field) => (input[field]?.length ?? 0) > 0).map(
    (field) => ({ path: `${where}/${field}`, message: 'mustBeEmptyOnCreate' }),
  );
  if (Object.keys(input.imageCaptions ?? {}).length > 0) {
    details.push({ path: `${where}/imageCaptions`, message: 'mustBeEmptyOnCreate' });
  }
  if (details.length > 0) throw new AppError(400, 'validation_failed', { details });
}

function toDetails(where: string, problems: { path: string; key: string }[]): ErrorDetail[] {
  return problems.map((problem) => ({ path: `${where}${problem.path}`, message: problem.key }));
}
