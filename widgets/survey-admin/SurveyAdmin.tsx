// The surveys admin page (issue 16 point 4): lists surveys and categories, adds and edits them
// through the existing GraphQL mutations.
import { useState } from 'react';
import type { AdminSurvey } from '../../server/admin/surveys-page';
import type { SurveyCategory } from '../../server/surveys/queries';
import { saveCategory, saveSurvey } from './api';
import { CategoryForm, SurveyForm } from './forms';
import { INVALID_ARGUMENTS } from '../../server/shared/messages';

export interface SurveyAdminProps {
  surveys: AdminSurvey[];
  categories: SurveyCategory[];
  categoryTypes: string[];
}

type Editing = { kind: 'survey' | 'category'; id: number | null } | null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');
// The forms check every field first: what the server still refuses is data that changed or that only it knows.
const surveyMessageOf = (error: unknown) =>
  messageOf(error) === INVALID_ARGUMENTS ? `${INVALID_ARGUMENTS}: a target pet number is not a dog on the site, or another admin took this slug meanwhile.` : messageOf(error);

const upsert = <T extends { id: number }>(list: T[], item: T) => (list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item]);

export default function SurveyAdmin(props: SurveyAdminProps) {
  const [surveys, setSurveys] = useState(props.surveys);
  const [categories, setCategories] = useState(props.categories);
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const close = () => setEditing(null);

  const editCategory = editing?.kind === 'category' ? categories.find((c) => c.id === editing.id) ?? null : null;
  const editSurvey = editing?.kind === 'survey' ? surveys.find((s) => s.id === editing.id) ?? null : null;
  // a category type has one category: adding offers the types not taken, editing its own too
  const freeTypes = props.categoryTypes.filter((type) => type === editCategory?.category || !categories.some((c) => c.category === type));
  const takenSlugs = surveys.filter((s) => s.id !== editSurvey?.id).map((s) => s.slug);

  return (
    <div data-survey-admin>
      {saved && <p className="alert alert--success" role="status" data-survey-saved>{saved}</p>}
      <h2>Categories</h2>
      <div className="table-wrap">
        <table className="simple-table" data-category-table>
          <thead><tr><th scope="col">Category</th><th scope="col">Subtitle</th><th scope="col">Priority</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id} data-category={category.category}>
                <td>{category.category}</td><td>{category.subtitle}</td><td>{category.priority}</td>
                <td><button type="button" className="button button--small button--outline" onClick={() => setEditing({ kind: 'category', id: category.id })}>Edit<span className="visually-hidden"> {category.category}</span></button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p><button type="button" className="button button--secondary" onClick={() => setEditing({ kind: 'category', id: null })} data-add-category>Add a category</button></p>
      {editing?.kind === 'category' && (
        <CategoryForm key={editing.id ?? 'new'} initial={editCategory} categoryTypes={freeTypes} onCancel={close}
          onSave={async (fields) => {
            try {
              const category = await saveCategory(editing.id, fields);
              setCategories((list) => upsert(list, category));
              setSaved(`Saved category ${category.category}.`);
              close();
              return null;
            } catch (error) {
              return messageOf(error);
            }
          }} />
      )}

      <h2>Surveys</h2>
      <div className="table-wrap">
        <table className="simple-table" data-survey-table>
          <thead><tr><th scope="col">Title</th><th scope="col">Slug</th><th scope="col">Category</th><th scope="col">Priority</th><th scope="col">Shown to</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {surveys.map((survey) => (
              <tr key={survey.id} data-survey={survey.slug}>
                <td>{survey.title}</td><td>{survey.slug}</td><td>{survey.category}</td><td>{survey.priority}</td>
                <td>{[survey.isAdminOnly ? 'admins' : 'members', survey.isTargeted ? `${survey.targetPetNums.length} target dogs` : null, survey.isShownOnResearchPage ? 'research page' : null].filter(Boolean).join(', ')}</td>
                <td><button type="button" className="button button--small button--outline" onClick={() => setEditing({ kind: 'survey', id: survey.id })}>Edit<span className="visually-hidden"> {survey.title}</span></button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p><button type="button" className="button button--secondary" onClick={() => setEditing({ kind: 'survey', id: null })} data-add-survey>Add a survey</button></p>
      {editing?.kind === 'survey' && (
        <SurveyForm key={editing.id ?? 'new'} initial={editSurvey} categoryTypes={categories.map((c) => c.category)} takenSlugs={takenSlugs} onCancel={close}
          onSave={async (fields) => {
            try {
              const survey = await saveSurvey(editing.id, fields);
              setSurveys((list) => upsert(list, survey));
              setSaved(`Saved survey ${survey.title}.`);
              close();
              return null;
            } catch (error) {
              return surveyMessageOf(error);
            }
          }} />
      )}
    </div>
  );
}
