import { HANDLE_MAX } from '../../../server/shared/pet-profile-rules';
import { HANDLE_CHECKING } from '../text';
import { useHandleCheck } from '../use-handle-check';
import { errorId, FieldError, fieldId } from './common';

export interface HandleFieldProps {
  idPrefix: string;
  petNum: number;
  /** The handle as saved, which needs no check. */
  savedHandle: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The dog's handle (its public address /dog/{handle}) with the availability line under it. */
export function HandleField({ idPrefix, petNum, savedHandle, value, onChange, error }: HandleFieldProps) {
  const id = fieldId(idPrefix, 'handle');
  const check = useHandleCheck(value, petNum, savedHandle);
  const statusId = `${id}-status`;
  const describedBy = [statusId, error ? errorId(idPrefix, 'handle') : ''].filter(Boolean).join(' ');
  return (
    <div className="pet-field" data-field="handle">
      <label htmlFor={id}>Handle</label>
      <p className="hint">Your dog’s public page: /dog/{value.trim().toLowerCase() || '…'}</p>
      <div className="pet-handle">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={HANDLE_MAX}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={error || check.state === 'invalid' || check.state === 'taken' ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {check.state === 'taken' && check.alternative && (
          <button type="button" className="button button--small button--secondary" onClick={() => onChange(check.alternative!)}>
            Use {check.alternative}
          </button>
        )}
      </div>
      <p id={statusId} className={`pet-handle__status is-${check.state}`} aria-live="polite" data-handle-status={check.state}>
        {check.state === 'checking' ? HANDLE_CHECKING : 'text' in check ? check.text : ''}
      </p>
      <FieldError idPrefix={idPrefix} name="handle" message={error} />
    </div>
  );
}
