import {
  collectsBreedInfo,
  PARENTS_REGISTERED_OPTIONS,
  REGISTERED_NAME_MAX,
  REGISTRATION_MAX_COUNT,
  REGISTRATION_NUMBER_MAX,
} from '../../../server/shared/pet-profile-rules';
import { PREFIX_TITLES, SUFFIX_TITLES } from '../../../server/shared/pet-profile-titles';
import type { Catalogue } from '../api';
import { emptyRegistration, type RegistrationDraft } from '../draft';
import { FieldError, fieldId, invalidProps, SelectField } from './common';
import type { FieldGroupProps } from './DetailsFields';
import { TitleChips } from './TitleChips';

export const BREEDING_ERROR_KEYS = ['registrations', 'areBothParentsRegistered', 'prefixTitles', 'suffixTitles', 'isPrimaryOwnerBreeder'];

export interface BreedingFieldsProps extends FieldGroupProps {
  catalogue: Catalogue | null;
}

/**
 * Registrations (purebred and designer dogs only, spec 2 §4), whether both parents are registered,
 * prefix and suffix titles, and whether the primary owner is the breeder: the form's and the
 * breeding-information modal's fields.
 */
export function BreedingFields({ idPrefix, draft, onChange, errors, catalogue }: BreedingFieldsProps) {
  const setRegistration = (index: number, patch: Partial<RegistrationDraft>) =>
    onChange({ registrations: draft.registrations.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const organizations = catalogue?.organizations ?? [];
  const primaryId = fieldId(idPrefix, 'isPrimaryOwnerBreeder');

  return (
    <div className="pet-fields pet-fields--breeding">
      {collectsBreedInfo(draft.breedType || null) && (
        <fieldset className="pet-registrations" id={fieldId(idPrefix, 'registrations')} data-field="registrations">
          <legend>Registrations</legend>
          {draft.registrations.map((registration, index) => {
            const rowId = `${fieldId(idPrefix, 'registration')}-${index}`;
            return (
              <div key={index} className="pet-registration" data-registration={index}>
                <label htmlFor={`${rowId}-organization`}>Registry</label>
                <select
                  id={`${rowId}-organization`}
                  value={registration.organizationId ?? ''}
                  disabled={!catalogue}
                  onChange={(event) => setRegistration(index, { organizationId: event.target.value === '' ? null : Number(event.target.value) })}
                  {...invalidProps(idPrefix, 'registrations', errors.registrations)}
                >
                  <option value="">Choose a registry</option>
                  {organizations.map((organization) => (
                    <option key={organization.id} value={organization.id}>
                      {organization.abbreviation ? `${organization.name} (${organization.abbreviation})` : organization.name}
                    </option>
                  ))}
                </select>
                <label htmlFor={`${rowId}-number`}>Registration number</label>
                <input
                  id={`${rowId}-number`}
                  type="text"
                  maxLength={REGISTRATION_NUMBER_MAX}
                  value={registration.registrationNumber}
                  onChange={(event) => setRegistration(index, { registrationNumber: event.target.value })}
                />
                <label htmlFor={`${rowId}-name`}>Registered name</label>
                <input
                  id={`${rowId}-name`}
                  type="text"
                  maxLength={REGISTERED_NAME_MAX}
                  value={registration.registeredName}
                  onChange={(event) => setRegistration(index, { registeredName: event.target.value })}
                />
                <button
                  type="button"
                  className="pet-link-button"
                  onClick={() => onChange({ registrations: draft.registrations.filter((_, i) => i !== index) })}
                >
                  Remove this registration
                </button>
              </div>
            );
          })}
          {draft.registrations.length < REGISTRATION_MAX_COUNT && (
            <button
              type="button"
              className="button button--small button--secondary"
              data-add-registration
              onClick={() => onChange({ registrations: [...draft.registrations, emptyRegistration()] })}
            >
              Add a registration
            </button>
          )}
          <FieldError idPrefix={idPrefix} name="registrations" message={errors.registrations} />
        </fieldset>
      )}
      <SelectField
        idPrefix={idPrefix}
        name="areBothParentsRegistered"
        label="Are both parents registered?"
        blankLabel="I don’t know"
        options={PARENTS_REGISTERED_OPTIONS}
        value={draft.areBothParentsRegistered}
        onChange={(areBothParentsRegistered) => onChange({ areBothParentsRegistered })}
        error={errors.areBothParentsRegistered}
      />
      <TitleChips
        idPrefix={idPrefix}
        name="prefixTitles"
        label="Prefix titles"
        titles={PREFIX_TITLES}
        chosen={draft.prefixTitles}
        typed={draft.typedTitles.prefixTitles}
        onChange={(prefixTitles, typed) => onChange({ prefixTitles, typedTitles: { ...draft.typedTitles, prefixTitles: typed } })}
        error={errors.prefixTitles}
      />
      <TitleChips
        idPrefix={idPrefix}
        name="suffixTitles"
        label="Suffix titles"
        titles={SUFFIX_TITLES}
        chosen={draft.suffixTitles}
        typed={draft.typedTitles.suffixTitles}
        onChange={(suffixTitles, typed) => onChange({ suffixTitles, typedTitles: { ...draft.typedTitles, suffixTitles: typed } })}
        error={errors.suffixTitles}
      />
      <div className="pet-field pet-check" data-field="isPrimaryOwnerBreeder">
        <input
          id={primaryId}
          type="checkbox"
          checked={draft.isPrimaryOwnerBreeder}
          onChange={(event) => onChange({ isPrimaryOwnerBreeder: event.target.checked })}
        />
        <label htmlFor={primaryId}>The primary owner is the dog’s breeder</label>
        <FieldError idPrefix={idPrefix} name="isPrimaryOwnerBreeder" message={errors.isPrimaryOwnerBreeder} />
      </div>
    </div>
  );
}
