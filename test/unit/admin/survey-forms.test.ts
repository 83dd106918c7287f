// The survey admin widget's forms and tables, rendered without a page.
import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SurveyForm } from '../../../widgets/survey-admin/forms.js';
import { shownTo } from '../../../widgets/survey-admin/tables.js';
import type { AdminSurvey } from '../../../server/admin/surveys-page.js';

const survey: AdminSurvey = {
  id: 1,
  slug: 'diet-and-exercise',
  templateId: 'tpl-diet',
  category: 'General',
  title: 'Diet and exercise',
  subtitle: null,
  icon: null,
  color: null,
  priority: 10,
  isTargeted: false,
  isAdminOnly: false,
  isShownOnResearchPage: true,
  targetPetNums: [],
};

const categorySelect = (categoryTypes: string[]) => {
  const html = renderToStaticMarkup(createElement(SurveyForm, { initial: survey, categoryTypes, takenSlugs: [], onSave: async () => null, onCancel: () => undefined }));
  return html.slice(html.indexOf('<select'), html.indexOf('</select>'));
};

describe('survey admin forms', () => {
  it("selects the survey's own category", () => {
    expect(categorySelect(['Health', 'General'])).to.include('<option selected="">General</option>');
  });

  it('shows a blank choice, not the first category, when the survey\'s category is not listed', () => {
    const select = categorySelect(['Health', 'Profile']);
    expect(select).to.include('<option value="" disabled="" selected="">Choose a category</option>');
    expect(select).not.to.match(/selected="">Health/);
  });

  it('counts target dogs in English', () => {
    expect(shownTo({ ...survey, isTargeted: true, targetPetNums: [7] })).to.equal('members, 1 target dog, research page');
    expect(shownTo({ ...survey, isTargeted: true, targetPetNums: [7, 8], isAdminOnly: true, isShownOnResearchPage: false })).to.equal('admins, 2 target dogs');
  });
});
