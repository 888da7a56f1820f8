import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_SEARCH_MAX_LENGTH } from '../api/get-properties';
import classes from './properties.module.css';

/** Long enough to let a word be typed, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  /** The search in the URL (trimmed). */
  value: string;
  onCommit: (value: string) => void;
}

/**
 * Free text, sent to the server once typing pauses. While an input method composes a word (mobile
 * keyboards with suggestions, IMEs), nothing is sent: half-composed text is not what the user means.
 * The URL stays the source of truth: a change there (clear-search button, Back) shows up here.
 */
export function SearchInput({ value, onCommit }: SearchInputProps) {
  const { t } = useTranslation('properties');
  const [text, setText] = useState(value);
  const [composing, setComposing] = useState(false);
  const committed = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);

  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    onCommit(trimmed);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing (and the end of a composition) schedules a search
  useEffect(() => {
    if (composing) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, composing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit(text);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for older browsers (and the test DOM); role=search is its long-supported equivalent
    <form role="search" onSubmit={submit} style={{ flex: '1 1 260px', maxWidth: 420 }}>
      <TextInput
        ref={inputRef}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={(event) => {
          setText(event.currentTarget.value);
          setComposing(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            setText('');
            commit('');
          }
        }}
        maxLength={PROPERTY_SEARCH_MAX_LENGTH}
        aria-label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={18} stroke={1.6} aria-hidden="true" />}
        rightSection={
          text === '' ? undefined : (
            <CloseButton
              aria-label={t('list.clearSearch')}
              onClick={() => {
                setText('');
                commit('');
                inputRef.current?.focus();
              }}
            />
          )
        }
        rightSectionPointerEvents="all"
        classNames={{ input: classes.searchInput }}
        enterKeyHint="search"
        autoComplete="off"
      />
    </form>
  );
}
