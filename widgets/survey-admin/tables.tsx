// The category and survey tables of the surveys admin page, each row with its Edit button.
import type { AdminSurvey, SurveyCategory } from '../../server/shared/survey-types';

/** Names an Edit or Add button, so focus can go back to it when its form closes. */
export const focusKey = (kind: 'survey' | 'category', id: number | null) => `${kind}-${id ?? 'new'}`;

/** Who sees a survey, e.g. "members, 1 target dog, research page". */
export function shownTo(survey: AdminSurvey): string {
  const targets = survey.targetPetNums.length;
  return [
    survey.isAdminOnly ? 'admins' : 'members',
    survey.isTargeted ? `${targets} ${targets === 1 ? 'target dog' : 'target dogs'}` : null,
    survey.isShownOnResearchPage ? 'research page' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

function EditButton({ kind, id, name, onEdit }: { kind: 'survey' | 'category'; id: number; name: string; onEdit(): void }) {
  return (
    <button type="button" className="button button--small button--outline" data-focus-key={focusKey(kind, id)} onClick={onEdit}>
      Edit<span className="visually-hidden"> {name}</span>
    </button>
  );
}

export function CategoryTable({ categories, onEdit }: { categories: SurveyCategory[]; onEdit(id: number): void }) {
  return (
    <div className="table-wrap">
      <table className="simple-table table--stack survey-table--stack" data-category-table>
        <thead><tr><th scope="col">Category</th><th scope="col">Subtitle</th><th scope="col">Priority</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {categories.map((category) => (
            <tr key={category.id} data-category={category.category}>
              <td className="survey-table__name">{category.category}</td><td data-label="Subtitle">{category.subtitle}</td><td data-label="Priority">{category.priority}</td>
              <td className="survey-table__actions"><EditButton kind="category" id={category.id} name={category.category} onEdit={() => onEdit(category.id)} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SurveyTable({ surveys, onEdit }: { surveys: AdminSurvey[]; onEdit(id: number): void }) {
  return (
    <div className="table-wrap">
      <table className="simple-table table--stack survey-table--stack" data-survey-table>
        <thead><tr><th scope="col">Title</th><th scope="col">Slug</th><th scope="col">Category</th><th scope="col">Priority</th><th scope="col">Shown to</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {surveys.map((survey) => (
            <tr key={survey.id} data-survey={survey.slug}>
              <td className="survey-table__name">{survey.title}</td><td data-label="Slug">{survey.slug}</td><td data-label="Category">{survey.category}</td>
              <td data-label="Priority">{survey.priority}</td><td data-label="Shown to">{shownTo(survey)}</td>
              <td className="survey-table__actions"><EditButton kind="survey" id={survey.id} name={survey.title} onEdit={() => onEdit(survey.id)} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
