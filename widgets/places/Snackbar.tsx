import { useEffect } from 'react';

export interface SnackbarProps {
  message: string | null;
  onDismiss: () => void;
  /** Hides itself after this long; 0 keeps it until dismissed. */
  timeoutMs?: number;
}

/** A short notice at the bottom of the screen, read out by screen readers (role=alert). */
export function Snackbar({ message, onDismiss, timeoutMs = 6000 }: SnackbarProps) {
  useEffect(() => {
    if (!message || timeoutMs <= 0) return;
    const timer = setTimeout(onDismiss, timeoutMs);
    return () => clearTimeout(timer);
  }, [message, onDismiss, timeoutMs]);
  if (!message) return null;
  return (
    <div className="snackbar" role="alert">
      <span className="snackbar__message">{message}</span>
      <button type="button" className="snackbar__close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
