import { Router } from 'express';
import type { Settings } from '../settings.js';
import { HttpError } from '../auth/guards.js';

/** The pages people read before (or without) signing in, and the development-only style guide. */
export function contentPageRoutes(settings: Settings): Router {
  const router = Router();
  router.get('/', (req, res) => (req.currentUser ? res.redirect('/members') : res.render('home', { title: 'Embark' })));
  router.get('/help', (_req, res) => res.render('placeholder', { title: 'Help Center', heading: 'Help Center', lead: 'Answers about kits, results and your account.' }));
  router.get('/contact', (_req, res) => res.render('placeholder', { title: 'Contact Us', heading: 'Contact Us', lead: 'Write to support@embarkvet.com or call us on weekdays.' }));
  router.get('/vets', (_req, res) => res.render('placeholder', { title: 'Vets', heading: 'Vets', lead: 'Genetic testing for your patients.' }));
  router.get('/breeders', (_req, res) => res.render('placeholder', { title: 'Breeders', heading: 'Breeders', lead: 'Tools for responsible breeding.' }));
  // The style guide documents the components for people building pages; production does not serve it.
  router.get('/styleguide', (_req, res, next) => {
    if (settings.isProduction) return next(new HttpError(404, 'Page not found'));
    res.render('styleguide', { title: 'Style guide' });
  });
  return router;
}
