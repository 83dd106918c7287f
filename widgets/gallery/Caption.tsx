import { useState } from 'react';
import { MEDIA_CAPTION_FAILED } from '../../server/shared/messages';
import { MAX_CAPTION_LENGTH } from '../../server/shared/media-rules';
import { reportFailure, saveCaption } from './api';

/** spec 1 §4: editing a caption toggles between its display and its edit area. */
export function Caption({ caption, canEdit, petNum, publicId, mediaType, onSaved }: { caption: string | null; canEdit: boolean; petNum: number; publicId: string; mediaType: string; onSaved: (caption: string | null) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(caption ?? '');
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await saveCaption({ caption: draft, petNum, publicId, mediaType });
      onSaved(saved.caption);
      setEditing(false);
    } catch (error) {
      reportFailure(error, () => window.alert(MEDIA_CAPTION_FAILED));
    } finally {
      setSaving(false);
    }
  }

  if (editing) {
    const id = `caption-${publicId.replace(/\W/g, '-')}`;
    return (
      <form className="gallery-caption gallery-caption--editing" onSubmit={save}>
        <label htmlFor={id}>Caption</label>
        <textarea id={id} value={draft} maxLength={MAX_CAPTION_LENGTH} rows={2} onChange={(event) => setDraft(event.target.value)} />
        <div className="gallery-caption__buttons">
          <button type="submit" className="button button--small" disabled={saving}>Save caption</button>
          <button type="button" className="button button--small button--ghost" onClick={() => { setDraft(caption ?? ''); setEditing(false); }}>Cancel</button>
        </div>
      </form>
    );
  }
  return (
    <div className="gallery-caption">
      {caption ? <p className="gallery-caption__text" data-caption>{caption}</p> : null}
      {canEdit && (
        <button type="button" className="button button--small button--ghost" onClick={() => setEditing(true)}>
          {caption ? 'Edit caption' : 'Add a caption'}
        </button>
      )}
    </div>
  );
}
