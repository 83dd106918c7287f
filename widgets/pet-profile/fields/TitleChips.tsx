import { useState } from 'react';
import { TITLE_MAX_COUNT } from '../../../server/pet-profile/rules';
import { suggestTitles } from '../../../server/pet-profile/titles';
import { addTitle, addTitles, removeTitle } from '../draft';
import { FieldError, fieldId, invalidProps } from './common';

/** How many suggestions show under the input at once. */
export const SUGGESTIONS_SHOWN = 8;

export interface TitleChipsProps {
  idPrefix: string;
  /** 'prefixTitles' or 'suffixTitles'. */
  name: string;
  label: string;
  /** The show and sport titles suggested (server/pet-profile/titles.ts). */
  titles: readonly string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
}

/**
 * Titles as chips (spec 2 §5): typing lists the known titles containing the text, case-insensitively,
 * without those already chosen; a suggestion or Enter adds a chip, and a chip's × removes it.
 */
export function TitleChips({ idPrefix, name, label, titles, chosen, onChange, error }: TitleChipsProps) {
  const [query, setQuery] = useState('');
  const id = fieldId(idPrefix, name);
  const suggestions = query.trim() === '' ? [] : suggestTitles(titles, query, chosen).slice(0, SUGGESTIONS_SHOWN);
  const isFull = chosen.length >= TITLE_MAX_COUNT;

  const add = (title: string) => {
    onChange(addTitle(chosen, title));
    setQuery('');
  };

  return (
    <div className="pet-field pet-titles" data-field={name}>
      <label htmlFor={id}>{label}</label>
      <ul className="pet-chips" aria-label={`${label} chosen`} data-chips={name}>
        {chosen.map((title) => (
          <li key={title} className="pet-chip" data-chip={title}>
            {title}
            <button type="button" className="pet-chip__remove" aria-label={`Remove ${title}`} onClick={() => onChange(removeTitle(chosen, title))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="text"
        autoComplete="off"
        value={query}
        disabled={isFull}
        placeholder={isFull ? `At most ${TITLE_MAX_COUNT} titles` : 'Type a title, e.g. CH'}
        aria-controls={`${id}-suggestions`}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault(); // Enter adds the title instead of submitting the form
          onChange(addTitles(chosen, query));
          setQuery('');
        }}
        {...invalidProps(idPrefix, name, error)}
      />
      <ul id={`${id}-suggestions`} className="pet-suggestions" aria-label={`Suggested ${label.toLowerCase()}`} hidden={suggestions.length === 0}>
        {suggestions.map((title) => (
          <li key={title}>
            <button type="button" className="pet-suggestion" data-suggestion={title} onClick={() => add(title)}>
              {title}
            </button>
          </li>
        ))}
      </ul>
      <FieldError idPrefix={idPrefix} name={name} message={error} />
    </div>
  );
}
