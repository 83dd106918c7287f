/** The save error of a place modal's form, shown at the end of the form. */
export function ModalFormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}

/** A place modal's footer: Cancel and Save, which submits the form `formId` in the body (disabled while busy). */
export function ModalFormActions({ formId, busy, onCancel }: { formId: string; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="button button--outline" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button" form={formId} disabled={busy}>
        Save
      </button>
    </>
  );
}
