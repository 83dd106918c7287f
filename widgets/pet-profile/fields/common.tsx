import type { ReactNode } from 'react';

/** Ids of a field and of its message, unique per form: `${idPrefix}-${name}`. */
export const fieldId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;
export const errorId = (idPrefix: string, name: string) => `${idPrefix}-${name}-error`;

/** The message beside a field; the field points at it with aria-describedby. */
export function FieldError({ idPrefix, name, message }: { idPrefix: string; name: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(idPrefix, name)} className="field-error" data-field-error={name}>
      {message}
    </p>
  );
}

/** aria attributes of a field with an optional error. */
export function invalidProps(idPrefix: string, name: string, message?: string) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': errorId(idPrefix, name) } : {};
}

export function Fieldset({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`pet-fieldset${className ? ` ${className}` : ''}`}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled select of a small choice; '' is "not answered" (offered unless the field is required). */
export function SelectField<V extends string>({
  idPrefix,
  name,
  label,
  options,
  value,
  onChange,
  error,
  required = false,
  blankLabel = 'Not answered',
  hint,
}: {
  idPrefix: string;
  name: string;
  label: string;
  options: readonly { value: V; label: string }[];
  value: V | '';
  onChange: (value: V | '') => void;
  error?: string;
  required?: boolean;
  blankLabel?: string;
  hint?: string;
}) {
  const id = fieldId(idPrefix, name);
  return (
    <div className="pet-field" data-field={name}>
      <label htmlFor={id}>
        {label}
        {required && <span className="pet-required"> (required)</span>}
      </label>
      {hint && <p className="hint">{hint}</p>}
      <select
        id={id}
        value={value}
        required={required}
        aria-required={required || undefined}
        onChange={(event) => onChange(event.target.value as V | '')}
        {...invalidProps(idPrefix, name, error)}
      >
        <option value="" disabled={required && value !== ''}>
          {required ? 'Please choose' : blankLabel}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError idPrefix={idPrefix} name={name} message={error} />
    </div>
  );
}
