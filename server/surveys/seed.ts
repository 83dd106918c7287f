import type { Db } from '../db/index.js';

// Demo research categories and surveys; existing ones (by category or slug) are left alone.
const CATEGORIES = [
  { category: 'Health', subtitle: 'Help researchers link genes to the conditions dogs actually develop.', priority: 40 },
  { category: 'Trait', subtitle: 'Tell us how your dog looks and behaves so we can find the genes behind it.', priority: 30 },
  { category: 'LifeStage', subtitle: 'How dogs change as they age.', priority: 20 },
  { category: 'General', subtitle: 'Everyday life with your dog.', priority: 10 },
];

const SURVEYS = [
  { slug: 'skin-and-allergies', template_id: 'tpl-skin-allergies', category: 'Health', title: 'Skin and allergies', subtitle: 'Itching, hot spots and food reactions', icon: 'paw', color: '#c0392b', priority: 30 },
  { slug: 'joint-health', template_id: 'tpl-joint-health', category: 'Health', title: 'Joint health and mobility', subtitle: 'Stiffness, limping and diagnosed hip or elbow problems', icon: 'bone', color: '#8e44ad', priority: 20 },
  { slug: 'behaviour-and-temperament', template_id: 'tpl-behaviour', category: 'Trait', title: 'Behaviour and temperament', subtitle: 'Energy, fears and how your dog meets strangers', icon: 'heart', color: '#2980b9', priority: 20 },
  { slug: 'coat-and-shedding', template_id: 'tpl-coat', category: 'Trait', title: 'Coat and shedding', subtitle: 'How much your dog sheds through the year', icon: 'brush', color: '#16a085', priority: 10 },
  { slug: 'senior-dog-cognition', template_id: 'tpl-senior-cognition', category: 'LifeStage', title: 'Senior dog cognition', subtitle: 'Sleep, confusion and memory in older dogs', icon: 'clock', color: '#d35400', priority: 10 },
  { slug: 'diet-and-exercise', template_id: 'tpl-diet-exercise', category: 'General', title: 'Diet and exercise', subtitle: 'What your dog eats and how active it is', icon: 'bowl', color: '#27ae60', priority: 10 },
  { slug: 'survey-pilot-staff-review', template_id: 'tpl-pilot', category: 'General', title: 'Pilot survey (staff review)', subtitle: 'Being checked before release', icon: 'flag', color: '#7f8c8d', priority: 0, is_admin_only: true },
];

/**
 * Adds the demo survey categories and surveys; with `startedFor`, the first Health survey is
 * shown half-answered for those dogs, so the research page shows progress.
 */
export async function seedSurveys(db: Db, startedFor: number[] = []): Promise<number> {
  return db.transaction(async (trx) => {
    await trx('survey_categories').insert(CATEGORIES).onConflict('category').ignore();
    const added = await trx('surveys').insert(SURVEYS).onConflict('slug').ignore().returning('id');
    const first = await trx('surveys').where({ slug: SURVEYS[0].slug }).first('id');
    if (first && startedFor.length) {
      await trx('survey_responses')
        .insert(startedFor.map((petNum) => ({ survey_id: first.id, pet_num: petNum, status: 'started', progress_pct: 50 })))
        .onConflict(['survey_id', 'pet_num'])
        .ignore();
    }
    return added.length;
  });
}
