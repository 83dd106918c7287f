import { NAME_MAX, STORY_MAX } from '../../../server/shared/pet-profile-rules';
import { errorId, FieldError, fieldId, invalidProps } from './common';
import type { FieldGroupProps } from './DetailsFields';

export const NAME_STORY_ERROR_KEYS = ['name', 'callName', 'story'];

/** Name, call name and story: the form's and the name-and-story modal's fields. */
export function NameStoryFields({ idPrefix, draft, onChange, errors }: FieldGroupProps) {
  const storyCounterId = `${fieldId(idPrefix, 'story')}-counter`;
  return (
    <div className="pet-fields pet-fields--name-story">
      <div className="pet-field" data-field="name">
        <label htmlFor={fieldId(idPrefix, 'name')}>
          Name<span className="pet-required"> (required)</span>
        </label>
        <input
          id={fieldId(idPrefix, 'name')}
          type="text"
          required
          maxLength={NAME_MAX}
          value={draft.name}
          onChange={(event) => onChange({ name: event.target.value })}
          {...invalidProps(idPrefix, 'name', errors.name)}
        />
        <FieldError idPrefix={idPrefix} name="name" message={errors.name} />
      </div>
      <div className="pet-field" data-field="callName">
        <label htmlFor={fieldId(idPrefix, 'callName')}>Call name</label>
        <input
          id={fieldId(idPrefix, 'callName')}
          type="text"
          maxLength={NAME_MAX}
          value={draft.callName}
          onChange={(event) => onChange({ callName: event.target.value })}
          {...invalidProps(idPrefix, 'callName', errors.callName)}
        />
        <FieldError idPrefix={idPrefix} name="callName" message={errors.callName} />
      </div>
      <div className="pet-field" data-field="story">
        <label htmlFor={fieldId(idPrefix, 'story')}>Story</label>
        <textarea
          id={fieldId(idPrefix, 'story')}
          rows={5}
          value={draft.story}
          aria-invalid={errors.story ? true : undefined}
          aria-describedby={[storyCounterId, errors.story ? errorId(idPrefix, 'story') : ''].filter(Boolean).join(' ')}
          onChange={(event) => onChange({ story: event.target.value })}
        />
        <p id={storyCounterId} className={`hint${draft.story.trim().length > STORY_MAX ? ' is-over' : ''}`}>
          {draft.story.trim().length}/{STORY_MAX}
        </p>
        <FieldError idPrefix={idPrefix} name="story" message={errors.story} />
      </div>
    </div>
  );
}
