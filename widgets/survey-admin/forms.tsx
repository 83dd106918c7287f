// Add and edit forms of a survey and a survey category, with the fields of spec 1 §3.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminSurvey, SurveyCategory } from '../../server/shared/survey-types';
import type { CategoryFields, SurveyFields } from './api';
import { parseTargetPetNums, surveyFormProblem } from '../../server/shared/survey-field-rules';

interface FormProps<T> {
  initial: T | null;
  /** The choices of the category select: for a survey, the categories that exist. */
  categoryTypes: readonly string[];
  onSave(fields: T extends AdminSurvey ? SurveyFields : CategoryFields): Promise<string | null>;
  onCancel(): void;
}

const emptyToNull = (text: string) => (text.trim() === '' ? null : text.trim());

function Field({ label, children }: { label: string; children: ReactNode }) {
  return <label className="field survey-field"><span>{label}</span>{children}</label>;
}

/** Scrolls a form into view (it opens below its table) and focuses its first field. */
export function bringIntoView(form: HTMLFormElement | null) {
  form?.scrollIntoView({ block: 'nearest' });
  form?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
}

function useOpenInView() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => bringIntoView(form.current), []);
  return form;
}

/**
 * The category select's options: the categories listed, led by a blank choice while the value is none
 * of them, so the select shows exactly the value the form would save.
 */
function CategoryOptions({ value, categoryTypes, blank }: { value: string; categoryTypes: readonly string[]; blank: string }) {
  return (
    <>
      {!categoryTypes.includes(value) && <option value="" disabled>{blank}</option>}
      {categoryTypes.map((type) => <option key={type}>{type}</option>)}
    </>
  );
}

function useSubmit(save: () => Promise<string | null>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(await save());
    setBusy(false);
  };
  return { error, busy, onSubmit };
}

function Buttons({ busy, onCancel, error }: { busy: boolean; onCancel(): void; error: string | null }) {
  return (
    <>
      {error && <p className="form-error" role="alert" data-survey-error>{error}</p>}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>{busy ? 'Submitting...' : 'Save'}</button>
        <button type="button" className="button button--ghost" onClick={onCancel}>Cancel</button>
      </div>
    </>
  );
}

export function CategoryForm({ initial, categoryTypes, onSave, onCancel }: FormProps<SurveyCategory>) {
  const form = useOpenInView();
  const [chosen, setCategory] = useState(initial?.category ?? categoryTypes[0] ?? '');
  const category = categoryTypes.includes(chosen) ? chosen : '';
  const [subtitle, setSubtitle] = useState(initial?.subtitle ?? '');
  const [priority, setPriority] = useState(String(initial?.priority ?? 0));
  const { error, busy, onSubmit } = useSubmit(async () =>
    categoryTypes.includes(category) ? onSave({ category, subtitle: emptyToNull(subtitle), priority: Number(priority) }) : 'Every category type has its category already: edit one instead.',
  );
  return (
    <form className="card survey-form" onSubmit={onSubmit} ref={form} data-category-form>
      <h3>{initial ? `Edit category ${initial.category}` : 'Add a category'}</h3>
      <Field label="Category">
        <select value={category} onChange={(e) => setCategory(e.target.value)} name="category">
          <CategoryOptions value={category} categoryTypes={categoryTypes} blank="Every type has its category" />
        </select>
      </Field>
      <Field label="Subtitle"><input type="text" name="subtitle" value={subtitle} maxLength={300} onChange={(e) => setSubtitle(e.target.value)} /></Field>
      <Field label="Priority"><input type="number" name="priority" value={priority} min={-1000} max={1000} step={1} required onChange={(e) => setPriority(e.target.value)} /></Field>
      <Buttons busy={busy} onCancel={onCancel} error={error} />
    </form>
  );
}

export function SurveyForm({ initial, categoryTypes, takenSlugs, onSave, onCancel }: FormProps<AdminSurvey> & { takenSlugs: readonly string[] }) {
  const [text, setText] = useState({
    slug: initial?.slug ?? '',
    templateId: initial?.templateId ?? '',
    title: initial?.title ?? '',
    subtitle: initial?.subtitle ?? '',
    icon: initial?.icon ?? '',
    color: initial?.color ?? '',
    priority: String(initial?.priority ?? 0),
    targetPetNums: (initial?.targetPetNums ?? []).join(', '),
  });
  const form = useOpenInView();
  const [chosen, setCategory] = useState(initial?.category ?? categoryTypes[0] ?? '');
  // a category renamed or gone since the page loaded is no choice: the select shows a blank instead
  const category = categoryTypes.includes(chosen) ? chosen : '';
  const [flags, setFlags] = useState({
    isTargeted: initial?.isTargeted ?? false,
    isAdminOnly: initial?.isAdminOnly ?? false,
    isShownOnResearchPage: initial?.isShownOnResearchPage ?? true,
  });
  const { error, busy, onSubmit } = useSubmit(async () =>
    surveyFormProblem({ ...text, category }, { categories: categoryTypes, takenSlugs }) ??
    onSave({
      slug: text.slug.trim(),
      templateId: text.templateId.trim(),
      category,
      title: text.title.trim(),
      subtitle: emptyToNull(text.subtitle),
      icon: emptyToNull(text.icon),
      color: emptyToNull(text.color),
      priority: Number(text.priority),
      ...flags,
      targetPetNums: parseTargetPetNums(text.targetPetNums) ?? [],
    }),
  );
  const input = (name: keyof typeof text, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label}><input type="text" name={name} value={text[name]} onChange={(e) => setText({ ...text, [name]: e.target.value })} {...extra} /></Field>
  );
  const flag = (name: keyof typeof flags, label: string) => (
    <label className="check"><input type="checkbox" name={name} checked={flags[name]} onChange={(e) => setFlags({ ...flags, [name]: e.target.checked })} /> {label}</label>
  );
  return (
    <form className="card survey-form" onSubmit={onSubmit} ref={form} data-survey-form>
      <h3>{initial ? `Edit survey ${initial.title}` : 'Add a survey'}</h3>
      {input('title', 'Title', { required: true, maxLength: 200 })}
      {input('slug', 'Slug (lower-case words joined by dashes)', { required: true, maxLength: 100, pattern: '[a-z0-9]+(-[a-z0-9]+)*' })}
      {input('templateId', 'Template id', { required: true, maxLength: 100 })}
      <Field label="Category">
        <select value={category} name="category" onChange={(e) => setCategory(e.target.value)}>
          <CategoryOptions value={category} categoryTypes={categoryTypes} blank={categoryTypes.length === 0 ? 'Add a category first' : 'Choose a category'} />
        </select>
      </Field>
      {input('subtitle', 'Subtitle', { maxLength: 300 })}
      {input('icon', 'Icon (lower-case name)', { maxLength: 50 })}
      {input('color', 'Colour (#rrggbb)', { maxLength: 7 })}
      {input('priority', 'Priority', { type: 'number', min: -1000, max: 1000, required: true })}
      {flag('isTargeted', 'Offered only to the dogs below')}
      {input('targetPetNums', 'Target pet numbers (comma-separated)')}
      {flag('isAdminOnly', 'Admins only')}
      {flag('isShownOnResearchPage', 'Shown on the research page')}
      <Buttons busy={busy} onCancel={onCancel} error={error} />
    </form>
  );
}
