// The surveys admin page (issue 16 point 4): lists surveys and categories, adds and edits them
// through the existing GraphQL mutations.
import { useEffect, useRef, useState } from 'react';
import type { AdminSurvey, SurveyCategory } from '../../server/shared/survey-types';
import { saveCategory, saveSurvey } from './api';
import { bringIntoView, CategoryForm, SurveyForm } from './forms';
import { CategoryTable, focusKey, SurveyTable } from './tables';
import { INVALID_ARGUMENTS } from '../../server/shared/messages';

export interface SurveyAdminProps {
  surveys: AdminSurvey[];
  categories: SurveyCategory[];
  categoryTypes: string[];
}

type Kind = 'survey' | 'category';
type Editing = { kind: Kind; id: number | null } | null;
/** The last save's sentence, shown under the table it changed until another form opens. */
type Saved = { kind: Kind; text: string } | null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');
// The forms check every field first: what the server still refuses is data that changed or that only it knows.
const surveyMessageOf = (error: unknown) =>
  messageOf(error) === INVALID_ARGUMENTS ? `${INVALID_ARGUMENTS}: a target pet number is not a dog on the site, or another admin took this slug meanwhile.` : messageOf(error);

const upsert = <T extends { id: number }>(list: T[], item: T) => (list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item]);

// The database renames a category's surveys with it (ON UPDATE CASCADE); the page's copy must follow.
const renameCategory = (surveys: AdminSurvey[], from: string | undefined, to: string) =>
  from === undefined || from === to ? surveys : surveys.map((survey) => (survey.category === from ? { ...survey, category: to } : survey));

function Status({ saved, kind }: { saved: Saved; kind: Kind }) {
  // the live region stays in the page so screen readers announce what appears in it
  return (
    <div role="status" className="survey-status">
      {saved?.kind === kind && <p className="alert alert--success" data-survey-saved>{saved.text}</p>}
    </div>
  );
}

export default function SurveyAdmin(props: SurveyAdminProps) {
  const [surveys, setSurveys] = useState(props.surveys);
  const [categories, setCategories] = useState(props.categories);
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<Saved>(null);
  const [focusAfterClose, setFocusAfterClose] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusAfterClose === null) return;
    root.current?.querySelector<HTMLElement>(`[data-focus-key="${focusAfterClose}"]`)?.focus();
    setFocusAfterClose(null);
  }, [focusAfterClose]);

  const open = (kind: Kind, id: number | null) => {
    setSaved(null);
    // Edit again on the open form's row keeps what was typed and goes back to the form
    if (editing?.kind === kind && editing.id === id) bringIntoView(root.current?.querySelector<HTMLFormElement>(`[data-${kind}-form]`) ?? null);
    else setEditing({ kind, id });
  };
  /** Closes the form and gives focus back to the button that opened it, or to the saved row's. */
  const close = (kind: Kind, id: number | null) => {
    setEditing(null);
    setFocusAfterClose(focusKey(kind, id));
  };

  const editCategory = editing?.kind === 'category' ? categories.find((c) => c.id === editing.id) ?? null : null;
  const editSurvey = editing?.kind === 'survey' ? surveys.find((s) => s.id === editing.id) ?? null : null;
  // a category type has one category: adding offers the types not taken, editing its own too
  const freeTypes = props.categoryTypes.filter((type) => type === editCategory?.category || !categories.some((c) => c.category === type));
  const takenSlugs = surveys.filter((s) => s.id !== editSurvey?.id).map((s) => s.slug);

  return (
    <div data-survey-admin ref={root}>
      <h2>Categories</h2>
      <CategoryTable categories={categories} onEdit={(id) => open('category', id)} />
      <Status saved={saved} kind="category" />
      <p><button type="button" className="button button--secondary" onClick={() => open('category', null)} data-add-category data-focus-key={focusKey('category', null)}>Add a category</button></p>
      {editing?.kind === 'category' && (
        <CategoryForm key={editing.id ?? 'new'} initial={editCategory} categoryTypes={freeTypes} onCancel={() => close('category', editing.id)}
          onSave={async (fields) => {
            try {
              const category = await saveCategory(editing.id, fields);
              setCategories((list) => upsert(list, category));
              setSurveys((list) => renameCategory(list, editCategory?.category, category.category));
              setSaved({ kind: 'category', text: `Saved category ${category.category}.` });
              close('category', category.id);
              return null;
            } catch (error) {
              return messageOf(error);
            }
          }} />
      )}

      <h2>Surveys</h2>
      <SurveyTable surveys={surveys} onEdit={(id) => open('survey', id)} />
      <Status saved={saved} kind="survey" />
      <p><button type="button" className="button button--secondary" onClick={() => open('survey', null)} data-add-survey data-focus-key={focusKey('survey', null)}>Add a survey</button></p>
      {editing?.kind === 'survey' && (
        <SurveyForm key={editing.id ?? 'new'} initial={editSurvey} categoryTypes={categories.map((c) => c.category)} takenSlugs={takenSlugs} onCancel={() => close('survey', editing.id)}
          onSave={async (fields) => {
            try {
              const survey = await saveSurvey(editing.id, fields);
              setSurveys((list) => upsert(list, survey));
              setSaved({ kind: 'survey', text: `Saved survey ${survey.title}.` });
              close('survey', survey.id);
              return null;
            } catch (error) {
              return surveyMessageOf(error);
            }
          }} />
      )}
    </div>
  );
}
