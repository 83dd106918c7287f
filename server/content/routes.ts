import { Router } from 'express';
import type { Settings } from '../settings.js';
import { signInNotice } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { cleanQuery, matchesQuery } from '../shared/help-search.js';
import { CATALOGUE_FACTS } from './catalogue-facts.js';
import { helpTopics, type HelpQuestion, type HelpTopic } from './help-topics.js';

const TOPICS = helpTopics(CATALOGUE_FACTS);

/** Everything a question says, as the search reads it. */
export function questionText(topic: HelpTopic, question: HelpQuestion): string {
  return [topic.title, question.question, ...question.answer].join(' ');
}

/** The topics with only the questions matching `query`; topics left empty are dropped. */
export function filterTopics(topics: HelpTopic[], query: string): HelpTopic[] {
  return topics
    .map((topic) => ({ ...topic, questions: topic.questions.filter((question) => matchesQuery(questionText(topic, question), query)) }))
    .filter((topic) => topic.questions.length > 0);
}

/** The pages people read before (or without) signing in, and the development-only style guide. */
export function contentPageRoutes(settings: Settings): Router {
  const router = Router();
  const facts = CATALOGUE_FACTS;
  const description = (text: string) => ({ description: text, noindex: false });

  router.get('/', (req, res) => {
    if (req.currentUser) return res.redirect('/members');
    return res.render('home', { title: 'Dog DNA test for breed, health and relatives', facts, mainClass: 'page--full', signInNotice: signInNotice(req), ...description(`One cheek swab: breed mix from ${facts.breeds} breeds, ${facts.healthConditions} genetic health conditions, ${facts.traits} traits and relatives among every tested dog.`) });
  });
  router.get('/help', (req, res) => {
    const query = cleanQuery(req.query.q);
    const topics = filterTopics(TOPICS, query);
    const matches = topics.reduce((sum, topic) => sum + topic.questions.length, 0);
    const locals = { title: 'Help Center', query, topics, allTopics: TOPICS, matches, ...description('Answers about kits, swabbing, results, health, relatives and your account.') };
    return res.render('help', locals);
  });
  const helpTopicLinks = TOPICS.map(({ id, title, summary }) => ({ id, title, summary }));
  router.get('/contact', (req, res) => res.render('contact', { title: 'Contact Us', helpTopics: helpTopicLinks, ...description('Reach the Embark support team by e-mail or phone: hours, what to have ready, and what you can do in your account.') }));
  router.get('/vets', (req, res) => res.render('vets', { title: 'For vets', facts, mainClass: 'page--full', ...description('Genetic results for your patients: breed, health conditions and what they mean for care.') }));
  router.get('/breeders', (req, res) => res.render('breeders', { title: 'For breeders', facts, breederKitUrl: settings.links.breederKit, mainClass: 'page--full', ...description('Health testing, inbreeding, a pair predictor, a matchmaker and a kennel page for planning litters.') }));
  // The style guide documents the components for people building pages; production does not serve it.
  router.get('/styleguide', (_req, res, next) => {
    if (settings.isProduction) return next(new HttpError(404, 'Page not found'));
    res.render('styleguide', { title: 'Style guide' });
  });
  return router;
}
