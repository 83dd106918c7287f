import { useEffect, useRef, useState } from 'react';
import { SETTINGS_EMAIL_SAVE_FAILED, SETTINGS_EMAIL_SAVED } from '../../server/shared/messages';
import { emailPreferenceGroupsFor, type EmailPreferenceField, type EmailPreferences as Flags } from '../../server/shared/email-preference-fields';
import { onOtherSaveStarted, saveStarted } from '../shared/form-outcomes';
import { updateEmailPreferences } from './api';
import type { EmailPreferencesProps } from './rules';

const SOURCE = 'email-preferences';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed' };

/**
 * The e-mail preference toggles of the settings page, grouped as the server groups them; each
 * change is saved at once (updateUserEmailPreferences). A failed save puts the toggle back and says so.
 */
export function EmailPreferences({ preferences, isBreeder, isVet, readOnly }: EmailPreferencesProps) {
  const [flags, setFlags] = useState<Flags>(preferences);
  const [pending, setPending] = useState<ReadonlySet<EmailPreferenceField>>(new Set());
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const latest = useRef(0);
  // only the latest save of the page says how it went (widgets/shared/form-outcomes.ts)
  useEffect(() => onOtherSaveStarted(window, SOURCE, () => setStatus({ kind: 'idle' })), []);

  const toggle = async (field: EmailPreferenceField, value: boolean) => {
    const call = ++latest.current;
    saveStarted(document, SOURCE);
    setFlags((current) => ({ ...current, [field]: value }));
    setPending((current) => new Set(current).add(field));
    setStatus({ kind: 'saving' });
    try {
      const saved = await updateEmailPreferences({ [field]: value });
      setFlags((current) => ({ ...current, [field]: saved[field] }));
      if (call === latest.current) setStatus({ kind: 'saved' });
    } catch (error) {
      console.error('Saving e-mail preferences failed', error);
      setFlags((current) => ({ ...current, [field]: !value }));
      setStatus({ kind: 'failed' });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(field);
        return next;
      });
    }
  };

  return (
    <div className="email-preferences" data-email-preferences-ready>
      {emailPreferenceGroupsFor({ isBreeder, isVet }).map((group) => (
        <fieldset key={group.id} className="email-preferences__group" data-email-group={group.id} disabled={readOnly}>
          <legend>{group.heading}</legend>
          {group.fields.map((field) => (
            <label key={field.name} className="email-preferences__option toggle">
              <input
                type="checkbox"
                role="switch"
                className="toggle__input"
                checked={flags[field.name]}
                aria-checked={flags[field.name]}
                disabled={pending.has(field.name)}
                data-email-preference={field.name}
                onChange={(event) => void toggle(field.name, event.target.checked)}
              />
              <span className="toggle__track" aria-hidden="true" />
              <span className="toggle__label">{field.label}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <p className={status.kind === 'failed' ? 'form-error' : 'form-ok'} role="status" aria-live="polite" data-email-preferences-status={status.kind}>
        {status.kind === 'saved' ? SETTINGS_EMAIL_SAVED : status.kind === 'failed' ? SETTINGS_EMAIL_SAVE_FAILED : status.kind === 'saving' ? 'Saving…' : ''}
      </p>
    </div>
  );
}
