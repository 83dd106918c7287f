import { useState } from 'react';
import { SOCIAL_NETWORKS } from '../../server/shared/pet-profile-rules';
import { updateDefaultPetPrivacy } from './api';
import { socialLinkFields } from './draft';
import { PrivacyField, SocialFields } from './fields/SocialPrivacyFields';
import { useAboutPet } from './hooks';
import type { PetSettingsProps } from './props';
import { DeletePetModal } from './settings/DeletePetModal';
import { PetFieldsModal } from './settings/PetFieldsModal';
import { SettingsModal } from './settings/SettingsModal';
import { privacyLabel, socialSummary } from './summary';
import { ABOUT_PET_LOAD_FAILED, deceasedLabel, deleteButton, HIDE_HINT, hideLabel } from './text';
import type { AboutPet, Privacy } from './types';

export type SettingName = 'social' | 'privacy' | 'defaultPrivacy' | 'hidden' | 'deceased' | 'delete';

const NETWORKS = SOCIAL_NETWORKS.map((network) => network.value);

/**
 * The pet settings of spec 1 §2 as a list; each opens its modal, which saves through GraphQL and re-renders the list.
 * Name and story, details and breeding information are edited in the about-pet form above it
 * (AboutPetForm), so they have no second editor here (issue 36 §28): each field has one place.
 */
export function PetSettings({ petNum, isBreeder, readOnly }: PetSettingsProps) {
  const { pet, reload } = useAboutPet(petNum);
  const [open, setOpen] = useState<SettingName | null>(null);
  if (pet.state === 'loading') return <p className="pet-loading">Loading…</p>;
  if (pet.state === 'failed') {
    return (
      <p className="form-error" role="alert">
        {ABOUT_PET_LOAD_FAILED}
      </p>
    );
  }
  const value = pet.value;
  const close = () => setOpen(null);
  const rows: { name: SettingName; title: string; summary: string; action?: string }[] = [
    { name: 'social', title: 'Social media', summary: socialSummary(value) },
    { name: 'privacy', title: 'Privacy', summary: privacyLabel(value.privacy) },
    { name: 'defaultPrivacy', title: 'Default privacy for new dogs', summary: privacyLabel(value.defaultPrivacy) },
    { name: 'hidden', title: 'Hide pet', summary: value.isHidden ? 'Hidden' : 'Not hidden' },
    { name: 'deceased', title: 'Passed away', summary: value.isDeceased ? `${value.name} has passed away` : 'No' },
    { name: 'delete', title: 'Delete pet', summary: 'Remove this dog from your account', action: deleteButton(value.name) },
  ];

  return (
    <section className="pet-profile pet-settings" aria-labelledby="pet-settings-title">
      <h2 id="pet-settings-title">Settings for {value.name}</h2>
      <ul className="pet-settings__list">
        {rows.map((row) => (
          <li key={row.name} className="pet-settings__row" data-setting={row.name}>
            <div className="pet-settings__text">
              <h3 className="pet-settings__title">{row.title}</h3>
              <p className="pet-settings__value" data-setting-value>
                {row.summary}
              </p>
            </div>
            <button
              type="button"
              className={`button button--small ${row.name === 'delete' ? 'button--danger' : 'button--secondary'}`}
              aria-haspopup="dialog"
              data-open-setting={row.name}
              disabled={readOnly}
              onClick={() => setOpen(row.name)}
            >
              {row.action ?? 'Edit'}
              {!row.action && <span className="visually-hidden"> {row.title.toLowerCase()}</span>}
            </button>
          </li>
        ))}
      </ul>
      {open && <SettingModal name={open} pet={value} isBreeder={isBreeder || value.ownerIsBreeder} reload={reload} onClose={close} />}
    </section>
  );
}

interface SettingModalProps {
  name: SettingName;
  pet: AboutPet;
  isBreeder: boolean;
  reload: () => Promise<unknown>;
  onClose: () => void;
}

function SettingModal({ name, pet, isBreeder, reload, onClose }: SettingModalProps) {
  const common = { pet, isBreeder, onSaved: reload, onClose };
  switch (name) {
    case 'social':
      return (
        <PetFieldsModal
          {...common}
          id="pet-settings-social"
          title="Social media"
          fieldsOf={(draft) => socialLinkFields(draft, NETWORKS)}
          errorKeys={['socialLinks']}
          render={(props) => <SocialFields {...props} />}
        />
      );
    case 'privacy':
      return (
        <PetFieldsModal
          {...common}
          id="pet-settings-privacy"
          title={`Privacy of ${pet.name}’s profile`}
          fieldsOf={(draft) => ({ privacy: draft.privacy })}
          errorKeys={['privacy']}
          render={({ idPrefix, draft, onChange, errors }) => (
            <PrivacyField idPrefix={idPrefix} label="Who can see this dog’s profile?" value={draft.privacy} onChange={(privacy) => onChange({ privacy })} error={errors.privacy} />
          )}
        />
      );
    case 'defaultPrivacy':
      return <DefaultPrivacyModal pet={pet} reload={reload} onClose={onClose} />;
    case 'hidden':
      return (
        <PetFieldsModal
          {...common}
          id="pet-settings-hidden"
          title="Hide pet"
          fieldsOf={(draft) => ({ isHidden: draft.isHidden })}
          errorKeys={['isHidden']}
          render={({ idPrefix, draft, onChange }) => (
            <div className="pet-field pet-check">
              <input id={`${idPrefix}-isHidden`} type="checkbox" checked={draft.isHidden} onChange={(event) => onChange({ isHidden: event.target.checked })} />
              <label htmlFor={`${idPrefix}-isHidden`}>{hideLabel(pet.name)}</label>
              <p className="hint">{HIDE_HINT}</p>
            </div>
          )}
        />
      );
    case 'deceased':
      return (
        <PetFieldsModal
          {...common}
          id="pet-settings-deceased"
          title="Passed away"
          fieldsOf={(draft) => ({ isDeceased: draft.isDeceased })}
          errorKeys={['isDeceased']}
          render={({ idPrefix, draft, onChange }) => (
            <div className="pet-field pet-check">
              <input
                id={`${idPrefix}-isDeceased`}
                type="checkbox"
                checked={draft.isDeceased}
                onChange={(event) => onChange({ isDeceased: event.target.checked })}
              />
              <label htmlFor={`${idPrefix}-isDeceased`}>{deceasedLabel(pet.name)}</label>
              <p className="hint">We are sorry for your loss. {pet.name}’s profile and results stay here for you.</p>
            </div>
          )}
        />
      );
    case 'delete':
      return <DeletePetModal pet={pet} onClose={onClose} />;
  }
}

/** The account's privacy for dogs added from now on (updateDefaultPetPrivacy); this dog keeps its own. */
function DefaultPrivacyModal({ pet, reload, onClose }: { pet: AboutPet; reload: () => Promise<unknown>; onClose: () => void }) {
  const [privacy, setPrivacy] = useState<Privacy>(pet.defaultPrivacy);
  const save = async () => {
    await updateDefaultPetPrivacy(privacy);
    await reload();
    return true;
  };
  return (
    <SettingsModal id="pet-settings-default-privacy" title="Default privacy" onClose={onClose} onSave={save}>
      <p className="hint">The privacy every dog you add from now on starts with. It does not change your dogs’ own settings.</p>
      <PrivacyField idPrefix="pet-settings-default-privacy" label="Default privacy for new dogs" value={privacy} onChange={setPrivacy} />
    </SettingsModal>
  );
}

