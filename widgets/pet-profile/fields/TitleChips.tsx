import { useEffect, useRef, type FocusEvent } from 'react';
import { TITLE_MAX_COUNT } from '../../../server/shared/pet-profile-rules';
import { suggestTitles } from '../../../server/shared/pet-profile-titles';
import { addTitle, addTitles, removeTitle, type TitleField } from '../draft';
import { FieldError, fieldId, invalidProps } from './common';

/** How many suggestions show under the input at once. */
export const SUGGESTIONS_SHOWN = 8;

export interface TitleChipsProps {
  idPrefix: string;
  name: TitleField;
  label: string;
  /** The show and sport titles suggested (server/shared/pet-profile-titles.ts). */
  titles: readonly string[];
  chosen: string[];
  /** The text in the input, kept in the form's draft so that saving adds it (draft.ts withTypedTitles). */
  typed: string;
  onChange: (chosen: string[], typed: string) => void;
  error?: string;
}

/**
 * Titles as chips (spec 2 §5): typing lists the known titles containing the text, case-insensitively,
 * without those already chosen; a suggestion, Enter or leaving the field adds a chip, and a chip's × removes it.
 */
export function TitleChips({ idPrefix, name, label, titles, chosen, typed, onChange, error }: TitleChipsProps) {
  const field = useRef<HTMLDivElement>(null);
  // The control a keyboard user lands on once a chip is added or removed (the button they pressed is gone).
  const focusNext = useRef<((removeButtons: HTMLButtonElement[], input: HTMLInputElement | null) => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const pick = focusNext.current;
    focusNext.current = null;
    if (!pick || !field.current) return;
    const input = field.current.querySelector<HTMLInputElement>('input[type="text"]');
    pick([...field.current.querySelectorAll<HTMLButtonElement>('.pet-chip__remove')], input && !input.disabled ? input : null)?.focus();
  });
  const id = fieldId(idPrefix, name);
  const suggestions = typed.trim() === '' ? [] : suggestTitles(titles, typed, chosen).slice(0, SUGGESTIONS_SHOWN);
  const isFull = chosen.length >= TITLE_MAX_COUNT;

  const add = (title: string) => {
    focusNext.current = (removeButtons, input) => input ?? removeButtons.at(-1);
    onChange(addTitle(chosen, title, titles), '');
  };
  const remove = (index: number) => {
    focusNext.current = (removeButtons, input) => removeButtons[index] ?? removeButtons[index - 1] ?? input;
    onChange(removeTitle(chosen, chosen[index]), typed);
  };
  const addTyped = () => {
    if (typed !== '') onChange(addTitles(chosen, typed, titles), '');
  };
  // Moving between the input, its suggestions and its chips keeps the text; leaving the field adds it,
  // except for a submit button: saving adds it anyway (withTypedTitles), and a chip appearing on
  // mousedown could move the button from under the pointer before the click lands.
  const leave = (event: FocusEvent) => {
    const to = event.relatedTarget as HTMLElement | null;
    if (field.current?.contains(to) || (to instanceof HTMLButtonElement && to.type === 'submit')) return;
    addTyped();
  };

  return (
    <div ref={field} className="pet-field pet-titles" data-field={name} onBlur={leave}>
      <label htmlFor={id}>{label}</label>
      <ul className="pet-chips" aria-label={`${label} chosen`} data-chips={name}>
        {chosen.map((title, index) => (
          <li key={title} className="pet-chip" data-chip={title}>
            {title}
            <button type="button" className="pet-chip__remove" aria-label={`Remove ${title}`} onClick={() => remove(index)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="text"
        autoComplete="off"
        value={typed}
        disabled={isFull}
        placeholder={isFull ? `At most ${TITLE_MAX_COUNT} titles` : 'Type a title, e.g. CH'}
        aria-controls={`${id}-suggestions`}
        onChange={(event) => onChange(chosen, event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault(); // Enter adds the title instead of submitting the form
          addTyped();
        }}
        {...invalidProps(idPrefix, name, error)}
      />
      <ul id={`${id}-suggestions`} className="pet-suggestions" aria-label={`Suggested ${label.toLowerCase()}`} hidden={suggestions.length === 0}>
        {suggestions.map((title) => (
          <li key={title}>
            <button
              type="button"
              className="pet-suggestion"
              data-suggestion={title}
              // Keeps focus in the input where a click does not focus the button (Safari), so leaving does not add the typed text first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(title)}
            >
              {title}
            </button>
          </li>
        ))}
      </ul>
      <FieldError idPrefix={idPrefix} name={name} message={error} />
    </div>
  );
}
