import { expect } from 'chai';
import { parseTargetPetNums, surveyFormProblem, type SurveyFormText } from '../../../server/shared/survey-field-rules.js';
import { newSurveySchema } from '../../../server/surveys/rules.js';

describe('survey form rules (the admin form names the field the server would refuse)', () => {
  const form: SurveyFormText = { title: 'Breed origins', slug: 'breed-origins', templateId: 'tpl_origins-2', category: 'Health', icon: 'paw', color: '#d35400', priority: '-5', targetPetNums: '12, 40 7' };
  const context = { categories: ['Health', 'Trait'], takenSlugs: ['diet-and-exercise'] };
  const problem = (changes: Partial<SurveyFormText>) => surveyFormProblem({ ...form, ...changes }, context);

  it('passes a form the GraphQL schema accepts', () => {
    expect(problem({})).to.equal(null);
    const parsed = newSurveySchema.safeParse({ ...form, priority: Number(form.priority), targetPetNums: parseTargetPetNums(form.targetPetNums), isTargeted: true });
    expect(parsed.success).to.equal(true);
  });

  it('names the first field at fault', () => {
    expect(problem({ title: '  ' })).to.equal('Give the survey a title.');
    expect(problem({ slug: 'Breed Origins' })).to.match(/^The slug takes lower-case letters/);
    expect(problem({ slug: 'diet-and-exercise' })).to.equal('Another survey already has this slug.');
    expect(problem({ templateId: 'tpl origins' })).to.match(/^The template id/);
    expect(problem({ category: 'Breed' })).to.equal('Choose one of the categories listed above (add the category first).');
    expect(problem({ icon: 'Paw!' })).to.match(/^The icon/);
    expect(problem({ color: 'orange' })).to.match(/^The colour/);
    expect(problem({ priority: '1001' })).to.match(/^The priority is a whole number from -1000 to 1000/);
    expect(problem({ priority: '2.5' })).to.match(/^The priority/);
    expect(problem({ targetPetNums: 'abc, -1, 622' })).to.equal('Target pet numbers are whole numbers above 0, separated by commas.');
    expect(problem({ targetPetNums: '0' })).to.match(/^Target pet numbers/);
    expect(problem({ targetPetNums: Array.from({ length: 1001 }, (_, i) => i + 1).join(',') })).to.equal('A survey targets at most 1000 dogs.');
  });

  it('reads pet numbers separated by commas or spaces, and none from an empty field', () => {
    expect(parseTargetPetNums(' 1, 2 ,3  4 ')).to.deep.equal([1, 2, 3, 4]);
    expect(parseTargetPetNums('')).to.deep.equal([]);
    expect(parseTargetPetNums('1e3')).to.equal(null);
  });
});
