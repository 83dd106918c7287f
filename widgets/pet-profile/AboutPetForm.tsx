import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SUBMITTING } from '../../server/shared/messages';
import { GraphqlError } from '../shared/graphql';
import { updatePet } from './api';
import { aboutPetFields, draftFromPet, fieldErrors, otherErrors, withTypedTitles, type PetDraft } from './draft';
import { BREEDING_ERROR_KEYS, BreedingFields } from './fields/BreedingFields';
import { FieldError, Fieldset } from './fields/common';
import { DETAILS_ERROR_KEYS, DetailsFields } from './fields/DetailsFields';
import { NAME_STORY_ERROR_KEYS, NameStoryFields } from './fields/NameStoryFields';
import { useAboutPet, useCatalogue } from './hooks';
import { ProfilePicture } from './ProfilePicture';
import { ABOUT_PET_LOAD_FAILED, ABOUT_PET_SAVED, CATALOGUE_FAILED, FORM_INVALID, SAVE_CHANGES } from './text';
import type { AboutPetProps } from './props';
import type { AboutPet as AboutPetData } from './types';

const ID = 'about-pet';
const SHOWN_ERROR_KEYS = [...DETAILS_ERROR_KEYS, ...NAME_STORY_ERROR_KEYS, ...BREEDING_ERROR_KEYS, 'agreedToResearch'];

/** The about-pet widget: loads the dog's data feed and shows the form once it is there. */
export function AboutPet({ petNum, readOnly }: AboutPetProps) {
  const { pet, reload } = useAboutPet(petNum);
  if (pet.state === 'loading') return <p className="pet-loading">Loading…</p>;
  if (pet.state === 'failed') {
    return (
      <p className="form-error" role="alert">
        {ABOUT_PET_LOAD_FAILED}
      </p>
    );
  }
  return <AboutPetForm pet={pet.value} reload={reload} readOnly={readOnly} />;
}

type SaveState = { state: 'editing' } | { state: 'submitting' } | { state: 'saved' } | { state: 'failed'; message: string };

/**
 * Issue 5 item 1, spec 2 §3–§5: every field of the dog's profile, checked in the browser by the
 * server's own rules and saved with updatePet; the button reads 'Submitting...' while it saves.
 */
export function AboutPetForm({ pet, reload, readOnly = false }: { pet: AboutPetData; reload: () => Promise<AboutPetData | null>; readOnly?: boolean }) {
  const { catalogue, failed: catalogueFailed } = useCatalogue();
  const [draft, setDraft] = useState<PetDraft>(() => draftFromPet(pet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ state: 'editing' });
  const form = useRef<HTMLFormElement>(null);

  const change = (patch: Partial<PetDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (save.state === 'saved') setSave({ state: 'editing' });
  };

  // After a failed check, move focus to the first field marked invalid.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'submitting') return;
    // Text left in a titles input is saved as a chip, and shown as one if the check fails.
    const checked = withTypedTitles(draft);
    setDraft(checked);
    const fields = aboutPetFields(checked);
    const found = fieldErrors(fields, { today: new Date(), isBreeder: pet.ownerIsBreeder });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSave({ state: 'editing' });
      return;
    }
    setSave({ state: 'submitting' });
    try {
      await updatePet(pet.petNum, fields);
    } catch (error) {
      setSave({ state: 'failed', message: error instanceof GraphqlError ? error.message : String(error) });
      return;
    }
    const fresh = await reload();
    if (fresh) setDraft(draftFromPet(fresh));
    setSave({ state: 'saved' });
  };

  const summary = otherErrors(errors, SHOWN_ERROR_KEYS);
  const submitting = save.state === 'submitting';
  return (
    <form ref={form} className="pet-profile about-pet-form" noValidate onSubmit={submit} data-about-pet-form>
      <fieldset className="about-pet-form__fields" disabled={readOnly} data-read-only={readOnly || undefined}>
      <div className="about-pet-form__header">
        <ProfilePicture name={pet.name} profileImageUrl={pet.profileImageUrl} avatarColorIndex={pet.avatarColorIndex} />
        <h2 className="about-pet-form__title">{pet.name}</h2>
      </div>
      {Object.keys(errors).length > 0 && (
        <div className="form-error pet-error-summary" role="alert" data-form-invalid>
          <p>{FORM_INVALID}</p>
          {summary.length > 0 && (
            <ul>
              {summary.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {catalogueFailed && <p className="form-error">{CATALOGUE_FAILED}</p>}

      <Fieldset legend="Name and story">
        <NameStoryFields idPrefix={ID} draft={draft} onChange={change} errors={errors} />
      </Fieldset>
      <Fieldset legend="Details">
        <DetailsFields
          idPrefix={ID}
          draft={draft}
          onChange={change}
          errors={errors}
          petNum={pet.petNum}
          savedHandle={pet.handle}
          isBreeder={pet.ownerIsBreeder}
          catalogue={catalogue}
        />
      </Fieldset>
      <Fieldset legend="Breeding information">
        <BreedingFields idPrefix={ID} draft={draft} onChange={change} errors={errors} catalogue={catalogue} />
      </Fieldset>
      <Fieldset legend="Research">
        <div className="pet-field pet-check" data-field="agreedToResearch">
          <input
            id={`${ID}-agreedToResearch`}
            type="checkbox"
            checked={draft.agreedToResearch}
            onChange={(event) => change({ agreedToResearch: event.target.checked })}
          />
          <label htmlFor={`${ID}-agreedToResearch`}>I agree that my dog’s results may be used for research</label>
          <FieldError idPrefix={ID} name="agreedToResearch" message={errors.agreedToResearch} />
        </div>
      </Fieldset>

      {save.state === 'failed' && (
        <p className="form-error" role="alert" data-save-error>
          {save.message}
        </p>
      )}
      {save.state === 'saved' && (
        <p className="pet-saved" role="status" data-saved>
          {ABOUT_PET_SAVED}
        </p>
      )}
      <button
        type="submit"
        className="button"
        disabled={submitting}
        // The field being edited keeps focus, so nothing it does on blur (a titles input adds a chip)
        // moves this button from under the pointer before the click; browsers that do not focus
        // a clicked button (Safari) would otherwise blur the field with no target to tell.
        onMouseDown={(event) => event.preventDefault()}
        data-about-pet-submit
      >
        {submitting ? SUBMITTING : SAVE_CHANGES}
      </button>
      </fieldset>
    </form>
  );
}
