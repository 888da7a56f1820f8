/**
 * The wizard's form edits as plain, serialisable events, and the pure function that applies them.
 * Serialisable so a path generator can enumerate them and an inspector can show them; pure so the
 * machine can ask "does this change anything?" before it marks the draft unsaved.
 *
 * `applyFormEvent` returns the very same form object when the event changes nothing (same values,
 * same kind, an unknown file, a move onto itself), and a new object otherwise.
 */

import { KIND_FIELD } from '@domain/property-fields';
import {
  applyKindChange,
  type BuildingDetails,
  type EnvironmentTransport,
  type GeneralInfo,
  type MediaFileDescriptor,
  type PropertyForm,
} from '@domain/property-form';
import type { MediaGroupKey, PropertyKind } from '@domain/property-options';

/** The kind is not edited here: SET_KIND goes through `applyKindChange`, which drops answers of the old kind. */
export type GeneralInfoValues = Partial<Omit<GeneralInfo, typeof KIND_FIELD>>;

export type EditEvent =
  | { type: 'EDIT'; group: 'generalInfo'; values: GeneralInfoValues }
  | { type: 'EDIT'; group: 'buildingDetails'; values: Partial<BuildingDetails> }
  | { type: 'EDIT'; group: 'environmentTransport'; values: Partial<EnvironmentTransport> };

export type FormEvent =
  | EditEvent
  | { type: 'SET_KIND'; kind: PropertyKind }
  /** Appends descriptors; an id already in the group is skipped (a double drop adds a file once). */
  | { type: 'ADD_FILES'; group: MediaGroupKey; files: MediaFileDescriptor[] }
  | { type: 'REMOVE_FILE'; group: MediaGroupKey; fileId: string }
  /** Moves the file at index `from` to index `to` (drag and drop); the first image is the cover. */
  | { type: 'REORDER_FILES'; group: MediaGroupKey; from: number; to: number }
  /** A photo's caption as typed (the save normalises it); an unknown file changes nothing. */
  | { type: 'SET_CAPTION'; group: 'propertyImages'; fileId: string; caption: string };

export type FormEventType = FormEvent['type'];

const FORM_EVENT_TYPES: readonly string[] = [
  'EDIT',
  'SET_KIND',
  'ADD_FILES',
  'REMOVE_FILE',
  'REORDER_FILES',
  'SET_CAPTION',
] satisfies FormEventType[];

export function isFormEvent(event: { type: string }): event is FormEvent {
  return FORM_EVENT_TYPES.includes(event.type);
}

export function applyFormEvent(form: PropertyForm, event: FormEvent): PropertyForm {
  switch (event.type) {
    case 'EDIT':
      return applyEdit(form, event);
    case 'SET_KIND':
      return applyKindChange(form, event.kind);
    case 'ADD_FILES':
      return addFiles(form, event.group, event.files);
    case 'REMOVE_FILE':
      return updateMedia(
        form,
        event.group,
        form.mediaDocuments[event.group].filter((file) => file.id !== event.fileId),
      );
    case 'REORDER_FILES':
      return reorderFiles(form, event.group, event.from, event.to);
    case 'SET_CAPTION':
      return updateMedia(
        form,
        event.group,
        form.mediaDocuments[event.group].map((file) =>
          file.id !== event.fileId || (file.caption ?? '') === event.caption
            ? file
            : { ...file, caption: event.caption },
        ),
      );
  }
}

function applyEdit(form: PropertyForm, event: EditEvent): PropertyForm {
  const current: Record<string, unknown> = { ...form[event.group] };
  let changed = false;
  for (const [key, value] of Object.entries(event.values)) {
    // Only the group's own fields, never the kind (a caller bypassing the types must not skip
    // applyKindChange), and `undefined` means "not part of this edit".
    if (!(key in current) || key === KIND_FIELD || value === undefined) continue;
    if (sameValue(current[key], value)) continue;
    current[key] = Array.isArray(value) ? [...value] : value;
    changed = true;
  }
  return changed ? { ...form, [event.group]: current } : form;
}

function addFiles(form: PropertyForm, group: MediaGroupKey, files: readonly MediaFileDescriptor[]) {
  const existing = form.mediaDocuments[group];
  const known = new Set(existing.map((file) => file.id));
  const added: MediaFileDescriptor[] = [];
  for (const file of files) {
    if (known.has(file.id)) continue;
    known.add(file.id);
    added.push(file);
  }
  return added.length === 0 ? form : updateMedia(form, group, [...existing, ...added]);
}

function reorderFiles(form: PropertyForm, group: MediaGroupKey, from: number, to: number): PropertyForm {
  const files = form.mediaDocuments[group];
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < files.length;
  if (from === to || !inRange(from) || !inRange(to)) return form;
  const next = [...files];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return updateMedia(form, group, next);
}

function updateMedia(form: PropertyForm, group: MediaGroupKey, files: MediaFileDescriptor[]): PropertyForm {
  if (
    files.length === form.mediaDocuments[group].length &&
    files.every((file, i) => file === form.mediaDocuments[group][i])
  ) {
    return form;
  }
  return { ...form, mediaDocuments: { ...form.mediaDocuments, [group]: files } };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  }
  return Object.is(a, b);
}
