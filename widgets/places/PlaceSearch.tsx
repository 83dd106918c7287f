import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PLACE_DETAILS_FAILED, PLACE_NO_RESULTS, PLACE_SEARCH_FAILED } from '../../server/shared/messages';
import { nextActiveIndex, PREDICTION_DEBOUNCE_MS, searchableText } from './search-rules';
import type { PlaceDetails, PlaceService, Prediction } from './types';
import { PLACE_INPUT_MAX } from './types';

export interface PlaceSearchProps {
  label: string;
  service: PlaceService;
  /** Text shown at first, e.g. the saved address. */
  initialText?: string;
  placeholder?: string;
  /** The chosen place, with its details already fetched (spec 1 §5), and what was typed to find it. */
  onSelect: (details: PlaceDetails, typed: string) => void;
  /** Typing again drops the earlier choice; given the text now in the box. */
  onClear: (text: string) => void;
  /** Tells the parent a details call is under way (saving waits for it). */
  onBusyChange?: (busy: boolean) => void;
  debounceMs?: number;
}

type Status = 'idle' | 'searching' | 'failed' | 'details' | 'detailsFailed';

/**
 * A place search box (ARIA combobox): predictions 800 ms after typing stops (spec 1 §9), arrow
 * keys, Home/End, Enter to choose and Escape to close; choosing fetches the place's details.
 * Answers to an older text are dropped.
 */
export function PlaceSearch({ label, service, initialText = '', placeholder, onSelect, onClear, onBusyChange, debounceMs = PREDICTION_DEBOUNCE_MS }: PlaceSearchProps) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [typed, setTyped] = useState(initialText);
  const [predictions, setPredictions] = useState<Prediction[]>([]);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>('idle');
  const request = useRef(0);
  const [pending, setPending] = useState<{ text: string } | null>(null);

  // The debounced predictions call for the latest typed text.
  useEffect(() => {
    if (pending === null) return;
    const searchable = searchableText(pending.text);
    if (searchable === null) {
      request.current++; // drops answers still on their way
      setPredictions([]);
      setOpen(false);
      return;
    }
    const ticket = ++request.current;
    const timer = setTimeout(() => {
      setStatus('searching');
      service.predictions(searchable).then(
        (found) => {
          if (ticket !== request.current) return;
          setPredictions(found);
          setActive(found.length > 0 ? 0 : -1);
          setOpen(true);
          setStatus('idle');
        },
        (error: unknown) => {
          if (ticket !== request.current) return;
          console.error('Place predictions failed', error);
          setPredictions([]);
          setOpen(false);
          setStatus('failed');
        },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [pending, service, debounceMs]);

  const change = (value: string) => {
    setText(value);
    setTyped(value);
    setPending({ text: value }); // a new object each time: the same text typed again searches again
    setStatus('idle');
    onClear(value);
  };

  const choose = (prediction: Prediction) => {
    const ticket = ++request.current; // drops any predictions still on their way
    setText(prediction.description);
    setOpen(false);
    setPredictions([]);
    setStatus('details');
    onBusyChange?.(true);
    service.details(prediction.placeId).then(
      (details) => {
        if (ticket !== request.current) return;
        setStatus('idle');
        onBusyChange?.(false);
        onSelect(details, typed);
      },
      (error: unknown) => {
        if (ticket !== request.current) return;
        console.error('Place details failed', error);
        setStatus('detailsFailed');
        onBusyChange?.(false);
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // never submits the form around it
      if (isOpen && active >= 0 && predictions[active]) choose(predictions[active]);
      return;
    }
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      event.stopPropagation(); // closes the list, not the dialog
      setOpen(false);
      return;
    }
    if (['ArrowDown', 'ArrowUp'].includes(event.key) || (isOpen && ['Home', 'End'].includes(event.key))) {
      if (predictions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((current) => nextActiveIndex(current, event.key, predictions.length));
    }
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const showList = isOpen && (predictions.length > 0 || status === 'idle');
  const message = status === 'failed' ? PLACE_SEARCH_FAILED : status === 'detailsFailed' ? PLACE_DETAILS_FAILED : null;

  return (
    <div className="place-search">
      <label className="place-search__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="place-search__input"
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={PLACE_INPUT_MAX}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-busy={status === 'searching' || status === 'details'}
        placeholder={placeholder}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => predictions.length > 0 && setOpen(true)}
      />
      {showList && (
        <ul id={listId} className="place-search__list" role="listbox" aria-label={label}>
          {predictions.length === 0 && (
            <li className="place-search__empty" role="option" aria-disabled="true" aria-selected="false">
              {PLACE_NO_RESULTS}
            </li>
          )}
          {predictions.map((prediction, index) => (
            <li
              key={prediction.placeId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`place-search__option${index === active ? ' place-search__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()} // keeps focus in the input
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(prediction)}
            >
              <span className="place-search__main">{prediction.mainText}</span>
              {prediction.secondaryText && <span className="place-search__secondary"> {prediction.secondaryText}</span>}
            </li>
          ))}
        </ul>
      )}
      {status === 'details' && <p className="place-search__status">Loading place details…</p>}
      {message && (
        <p className="place-search__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
