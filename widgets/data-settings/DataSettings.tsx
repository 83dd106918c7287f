import { useEffect, useId, useState } from 'react';
import { fetchDataSettings, savePreferences, type DataSettings as Data, type PetPreferences } from './api';
import { DATA_SETTINGS_TITLE, PREFERENCE_KEYS, preferenceLabel, PREFERENCES_SAVE_FAILED, PREFERENCES_SAVED } from './text';

export interface DataSettingsProps {
  petNum: number;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: Data };
type SaveState = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed' };

/**
 * The data settings card (spec 2 §2, §6): the care resources sharing preferences, each saved with
 * updatePetPreferences as soon as it is switched. Shown only when the dog's care resources flag is on.
 */
export function DataSettings({ petNum }: DataSettingsProps) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [saving, setSaving] = useState<SaveState>({ state: 'idle' });

  useEffect(() => {
    fetchDataSettings(petNum).then(
      (data) => setLoad({ state: 'ready', data }),
      (error: unknown) => {
        console.error('Data settings failed to load', error);
        setLoad({ state: 'failed' });
      },
    );
  }, [petNum]);

  if (load.state === 'loading') return null;
  if (load.state === 'failed') return <p className="form-error">{PREFERENCES_SAVE_FAILED}</p>;
  const { data } = load;
  if (!data.shouldShowCareResources) return null;

  const toggle = async (key: keyof PetPreferences, value: boolean) => {
    const before = data.preferences;
    const wanted = { ...before, [key]: value };
    setLoad({ state: 'ready', data: { ...data, preferences: wanted } });
    setSaving({ state: 'saving' });
    try {
      const saved = await savePreferences(petNum, wanted);
      setLoad({ state: 'ready', data: { ...data, preferences: saved } });
      setSaving({ state: 'saved' });
    } catch (error) {
      console.error('Saving data settings failed', error);
      setLoad({ state: 'ready', data: { ...data, preferences: before } });
      setSaving({ state: 'failed' });
    }
  };

  return (
    <div className="data-settings">
      <h2 id={`${id}-title`}>{DATA_SETTINGS_TITLE}</h2>
      <ul className="data-settings__list" aria-labelledby={`${id}-title`}>
        {PREFERENCE_KEYS.map((key) => (
          <li key={key} className="data-settings__item">
            <label className="data-settings__toggle">
              <input
                type="checkbox"
                role="switch"
                name={key}
                checked={data.preferences[key]}
                disabled={!data.isEditable || saving.state === 'saving'}
                onChange={(event) => void toggle(key, event.target.checked)}
              />{' '}
              {preferenceLabel(key, data.name)}
            </label>
          </li>
        ))}
      </ul>
      <p className="data-settings__status" role="status">
        {saving.state === 'saved' ? PREFERENCES_SAVED : ''}
      </p>
      {saving.state === 'failed' && (
        <p className="form-error" role="alert">
          {PREFERENCES_SAVE_FAILED}
        </p>
      )}
    </div>
  );
}
