import { deletePet } from '../api';
import { deleteButton, deleteResearchText, deleteTitle, deleteWhat } from '../text';
import type { AboutPet } from '../types';
import { SettingsModal } from './SettingsModal';

/** Where the browser goes once the dog is deleted. */
export const AFTER_DELETE_URL = '/members';

/**
 * Issue 5: the confirmation names the dog and says whether its results stay for research
 * (only when the owner agreed); deletePet, then the members home.
 */
export function DeletePetModal({ pet, onClose, go = (url) => window.location.assign(url) }: { pet: AboutPet; onClose: () => void; go?: (url: string) => void }) {
  const save = async () => {
    await deletePet(pet.petUuid);
    go(AFTER_DELETE_URL);
    return 'leaving' as const;
  };
  return (
    <SettingsModal id="pet-settings-delete" title={deleteTitle(pet.name)} onClose={onClose} onSave={save} submitLabel={deleteButton(pet.name)} isDanger>
      <p>{deleteWhat(pet.name)}</p>
      <p data-delete-research>{deleteResearchText(pet.name, pet.agreedToResearch)}</p>
    </SettingsModal>
  );
}
