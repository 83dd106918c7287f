import { DAYS, MONTHS, yearOptions } from '../../../server/shared/pet-profile-rules';
import { hasDateParts, withDatePart, withEstimatedChoice, type DateDraft, type DatePart } from '../draft';
import { errorId, FieldError, fieldId } from './common';

export interface DateFieldsProps {
  idPrefix: string;
  /** 'dateOfBirth' or 'dateOfAdoption': the field's id and error key. */
  name: string;
  legend: string;
  value: DateDraft;
  onChange: (value: DateDraft) => void;
  error?: string;
  today?: Date;
}

const toNumber = (text: string): number | null => (text === '' ? null : Number(text));

/**
 * A date as day / month / year selects (spec 2 §5: years 1989 to this year, all optional) and
 * whether it is known or estimated, which follows the parts until the owner picks one (spec 2 §4).
 */
export function DateFields({ idPrefix, name, legend, value, onChange, error, today = new Date() }: DateFieldsProps) {
  const id = fieldId(idPrefix, name);
  const describedBy = error ? { 'aria-describedby': errorId(idPrefix, name), 'aria-invalid': true as const } : {};
  const set = (part: DatePart) => (event: { target: { value: string } }) => onChange(withDatePart(value, part, toNumber(event.target.value)));
  return (
    <fieldset className="pet-date" id={id} data-field={name}>
      <legend>{legend}</legend>
      <div className="pet-date__parts">
        <label className="pet-date__part">
          <span className="visually-hidden">{legend}: day</span>
          <select id={`${id}-day`} value={value.day ?? ''} onChange={set('day')} {...describedBy}>
            <option value="">Day</option>
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </label>
        <label className="pet-date__part">
          <span className="visually-hidden">{legend}: month</span>
          <select id={`${id}-month`} value={value.month ?? ''} onChange={set('month')} {...describedBy}>
            <option value="">Month</option>
            {MONTHS.map((month, index) => (
              <option key={month} value={index + 1}>
                {month}
              </option>
            ))}
          </select>
        </label>
        <label className="pet-date__part">
          <span className="visually-hidden">{legend}: year</span>
          <select id={`${id}-year`} value={value.year ?? ''} onChange={set('year')} {...describedBy}>
            <option value="">Year</option>
            {yearOptions(today).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
      </div>
      {hasDateParts(value) && (
        <div className="pet-date__estimated" role="radiogroup" aria-label={`Is the ${legend.toLowerCase()} known or estimated?`}>
          <label className="pet-radio">
            <input
              type="radio"
              id={`${id}-known`}
              name={`${id}-estimated`}
              checked={value.isEstimated === false}
              onChange={() => onChange(withEstimatedChoice(value, false))}
            />
            Known
          </label>
          <label className="pet-radio">
            <input
              type="radio"
              id={`${id}-estimated`}
              name={`${id}-estimated`}
              checked={value.isEstimated === true}
              onChange={() => onChange(withEstimatedChoice(value, true))}
            />
            Estimated
          </label>
        </div>
      )}
      <FieldError idPrefix={idPrefix} name={name} message={error} />
    </fieldset>
  );
}
