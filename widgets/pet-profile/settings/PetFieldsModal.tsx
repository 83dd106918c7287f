import { useState, type ReactNode } from 'react';
import { updatePet } from '../api';
import { draftFromPet, fieldErrors, otherErrors, type PetDraft } from '../draft';
import type { FieldGroupProps } from '../fields/DetailsFields';
import { FORM_INVALID } from '../text';
import type { AboutPet, PetUpdateFields } from '../types';
import { SettingsModal } from './SettingsModal';

export interface PetFieldsModalProps {
  id: string;
  title: string;
  pet: AboutPet;
  isBreeder: boolean;
  /** The updatePet fields this modal saves, from its copy of the profile. */
  fieldsOf: (draft: PetDraft) => PetUpdateFields;
  /** The error keys shown beside this modal's fields; others are listed above the buttons. */
  errorKeys: readonly string[];
  render: (props: FieldGroupProps) => ReactNode;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

/** A settings modal editing some of the profile: checked by the shared rules, saved with updatePet, then the list reloads. */
export function PetFieldsModal({ id, title, pet, isBreeder, fieldsOf, errorKeys, render, onSaved, onClose }: PetFieldsModalProps) {
  const [draft, setDraft] = useState<PetDraft>(() => draftFromPet(pet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (patch: Partial<PetDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = async () => {
    const fields = fieldsOf(draft);
    const found = fieldErrors(fields, { today: new Date(), isBreeder });
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    await updatePet(pet.petNum, fields);
    await onSaved();
    return true;
  };

  const others = otherErrors(errors, errorKeys);
  return (
    <SettingsModal id={id} title={title} onClose={onClose} onSave={save}>
      {Object.keys(errors).length > 0 && (
        <div className="form-error pet-error-summary" role="alert" data-form-invalid>
          <p>{FORM_INVALID}</p>
          {others.length > 0 && (
            <ul>
              {others.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {render({ idPrefix: id, draft, onChange: change, errors })}
    </SettingsModal>
  );
}
