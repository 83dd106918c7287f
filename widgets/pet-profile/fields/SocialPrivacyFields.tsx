import { PRIVACY_OPTIONS, SOCIAL_NETWORKS, SOCIAL_URL_MAX } from '../../../server/shared/pet-profile-rules';
import type { Privacy } from '../types';
import { FieldError, fieldId, invalidProps, SelectField } from './common';
import type { FieldGroupProps } from './DetailsFields';

/** One web address for each social network; a blank one is removed. */
export function SocialFields({ idPrefix, draft, onChange, errors }: FieldGroupProps) {
  return (
    <div className="pet-fields pet-fields--social">
      {SOCIAL_NETWORKS.map((network) => {
        const id = fieldId(idPrefix, `social-${network.value}`);
        return (
          <div key={network.value} className="pet-field" data-field={`social-${network.value}`}>
            <label htmlFor={id}>{network.label}</label>
            <input
              id={id}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={SOCIAL_URL_MAX}
              value={draft.socialLinks[network.value] ?? ''}
              onChange={(event) => onChange({ socialLinks: { ...draft.socialLinks, [network.value]: event.target.value } })}
              {...invalidProps(idPrefix, 'socialLinks', errors.socialLinks)}
            />
          </div>
        );
      })}
      <FieldError idPrefix={idPrefix} name="socialLinks" message={errors.socialLinks} />
    </div>
  );
}

export const PRIVACY_HINT =
  'Public: anyone can see the profile and search engines may list it. Members only: only signed-in members. Private: only you.';

export function PrivacyField({
  idPrefix,
  label,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  label: string;
  value: Privacy;
  onChange: (value: Privacy) => void;
  error?: string;
}) {
  return (
    <SelectField
      idPrefix={idPrefix}
      name="privacy"
      label={label}
      hint={PRIVACY_HINT}
      options={PRIVACY_OPTIONS}
      value={value}
      required
      onChange={(privacy) => privacy && onChange(privacy)}
      error={error}
    />
  );
}
