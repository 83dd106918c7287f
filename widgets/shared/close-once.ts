/**
 * Spec 1 §4: a modal closes once only. Whatever closes it (its button clicked twice, Escape, the
 * backdrop, the dialog's own close event after any of these), `onClose` runs once per opening.
 */
export function closeOnce(onClose: () => void): { close: () => boolean; readonly isClosed: boolean } {
  let closed = false;
  return {
    close() {
      if (closed) return false;
      closed = true;
      onClose();
      return true;
    },
    get isClosed() {
      return closed;
    },
  };
}
