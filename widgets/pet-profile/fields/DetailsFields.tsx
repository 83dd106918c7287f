import { BREED_TYPES, collectsBreedInfo, DATE_FIELD_LABELS, INTACT_OPTIONS, SEX_OPTIONS } from '../../../server/shared/pet-profile-rules';
import { breedsFor, type Catalogue } from '../api';
import type { PetDraft } from '../draft';
import type { Intact, Sex } from '../types';
import { FieldError, fieldId, invalidProps, SelectField } from './common';
import { DateFields } from './DateFields';
import { HandleField } from './HandleField';

export interface FieldGroupProps {
  idPrefix: string;
  draft: PetDraft;
  onChange: (patch: Partial<PetDraft>) => void;
  errors: Record<string, string>;
}

/** The keys of validatePetUpdateFields errors shown beside the details fields. */
export const DETAILS_ERROR_KEYS = ['handle', 'breedType', 'statedBreedId', 'sex', 'intact', 'dateOfBirth', 'dateOfAdoption'];

export interface DetailsFieldsProps extends FieldGroupProps {
  petNum: number;
  savedHandle: string;
  /** Spec 2 §5: the neutered/spayed question is required when the owner is a breeder. */
  isBreeder: boolean;
  catalogue: Catalogue | null;
}

/** Handle, breed type and breed, sex, neutered/spayed, dates of birth and adoption: the form's and the details modal's fields. */
export function DetailsFields({ idPrefix, draft, onChange, errors, petNum, savedHandle, isBreeder, catalogue }: DetailsFieldsProps) {
  const breedId = fieldId(idPrefix, 'statedBreedId');
  const breeds = catalogue ? breedsFor(catalogue, draft.breedType) : [];
  return (
    <div className="pet-fields pet-fields--details">
      <HandleField
        idPrefix={idPrefix}
        petNum={petNum}
        savedHandle={savedHandle}
        value={draft.handle}
        onChange={(handle) => onChange({ handle })}
        error={errors.handle}
      />
      <SelectField
        idPrefix={idPrefix}
        name="breedType"
        label="Breed type"
        blankLabel="Choose a breed type"
        options={BREED_TYPES}
        value={draft.breedType as (typeof BREED_TYPES)[number]['value'] | ''}
        // Spec 2 §4: the breed type toggles whether breed and registration info is collected; a new type starts without a breed.
        onChange={(breedType) => onChange({ breedType, statedBreedId: breedType === draft.breedType ? draft.statedBreedId : null })}
        error={errors.breedType}
      />
      {collectsBreedInfo(draft.breedType || null) && (
        <div className="pet-field" data-field="statedBreedId">
          <label htmlFor={breedId}>{draft.breedType === 'designer' ? 'Designer breed' : 'Breed'}</label>
          <select
            id={breedId}
            value={draft.statedBreedId ?? ''}
            disabled={!catalogue}
            onChange={(event) => onChange({ statedBreedId: event.target.value === '' ? null : Number(event.target.value) })}
            {...invalidProps(idPrefix, 'statedBreedId', errors.statedBreedId)}
          >
            <option value="">Choose a breed</option>
            {breeds.map((breed) => (
              <option key={breed.id} value={breed.id}>
                {breed.name}
              </option>
            ))}
          </select>
          <FieldError idPrefix={idPrefix} name="statedBreedId" message={errors.statedBreedId} />
        </div>
      )}
      <SelectField
        idPrefix={idPrefix}
        name="sex"
        label="Sex"
        options={SEX_OPTIONS}
        value={draft.sex}
        onChange={(sex) => onChange({ sex: sex as Sex | '' })}
        error={errors.sex}
      />
      <SelectField
        idPrefix={idPrefix}
        name="intact"
        label="Is your dog neutered or spayed?"
        options={INTACT_OPTIONS}
        value={draft.intact}
        required={isBreeder}
        onChange={(intact) => onChange({ intact: intact as Intact | '' })}
        error={errors.intact}
      />
      <DateFields
        idPrefix={idPrefix}
        name="dateOfBirth"
        legend={DATE_FIELD_LABELS.dateOfBirth}
        value={draft.dateOfBirth}
        onChange={(dateOfBirth) => onChange({ dateOfBirth })}
        error={errors.dateOfBirth}
      />
      <DateFields
        idPrefix={idPrefix}
        name="dateOfAdoption"
        legend={DATE_FIELD_LABELS.dateOfAdoption}
        value={draft.dateOfAdoption}
        onChange={(dateOfAdoption) => onChange({ dateOfAdoption })}
        error={errors.dateOfAdoption}
      />
    </div>
  );
}
