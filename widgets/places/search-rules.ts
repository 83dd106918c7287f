// Pure rules of the place search input (spec 1 §5, §9), unit tested.
import { PLACE_INPUT_MAX } from './types';

/** Spec 1 §9: predictions are looked up 800 ms after the last keystroke. */
export const PREDICTION_DEBOUNCE_MS = 800;

/** The text worth a predictions call (trimmed, 1–100 characters), or null. */
export function searchableText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= 1 && trimmed.length <= PLACE_INPUT_MAX ? trimmed : null;
}

/**
 * The highlighted prediction after a key: ArrowDown/ArrowUp move and wrap around, Home/End jump;
 * -1 is none highlighted. Other keys leave it.
 */
export function nextActiveIndex(current: number, key: string, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return Math.min(current, count - 1);
  }
}
