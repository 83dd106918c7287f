/** The end of a place modal's form: the save error, Cancel and Save (disabled while busy). */
export function ModalFormFooter({ error, busy, onCancel }: { error: string | null; busy: boolean; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="edit-location__buttons">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={busy}>
          Save
        </button>
      </div>
    </>
  );
}
