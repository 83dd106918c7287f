import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import { parseId } from '../http/ids.js';
import { signedInUser } from '../auth/guards.js';
import { petAccessFor } from '../pets/access.js';
import { DOG_NOT_FOUND, INVALID_ARGUMENTS, NOT_AVAILABLE_FOR_DOG } from '../shared/messages.js';
import { markRelativesSeen, relativesOf, type StoredRelative } from './queries.js';
import type { RelativePet, RelativesResponse } from '../shared/relatives-types.js';


const publicFields = ({ isNew: _isNew, isPublic: _isPublic, ...pet }: StoredRelative): RelativePet => pet;

/**
 * GET /api/relatives/{petNum} (spec 2 §7), mounted behind requireUser. The dog must be readable by
 * the user (owner, its vet practice, admin), else 403; its relative finder must be on, else 404.
 *
 * newRelatedPets are the relatives still flagged new for this dog. Reading the list as one of the
 * dog's owners marks them seen, in the same request: this answer still reports them (the widget
 * marks them 'New'), the next one does not. A vet, an admin or an impersonator reading the list
 * leaves the flags alone, since the news is the owner's.
 */
export function relativesApiRoutes(db: Db): Router {
  const router = Router();

  router.get('/:petNum', async (req: Request<{ petNum: string }>, res: Response) => {
    const user = signedInUser(req);
    const petNum = parseId(req.params.petNum);
    if (petNum === null) {
      res.status(400).json({ error: INVALID_ARGUMENTS });
      return;
    }
    const access = await petAccessFor(db, user, petNum);
    if (!access) {
      res.status(404).json({ error: DOG_NOT_FOUND });
      return;
    }
    if (!access.pet.showRelativeFinder) {
      res.status(404).json({ error: NOT_AVAILABLE_FOR_DOG });
      return;
    }
    const relatives = await relativesOf(db, petNum, user.id);
    const fresh = relatives.filter((pet) => pet.isNew);
    if (access.isOwner && !req.impersonator && fresh.length > 0) await markRelativesSeen(db, petNum);
    const body: RelativesResponse = { relatedPets: relatives.map(publicFields), newRelatedPets: fresh.map(publicFields) };
    res.set('cache-control', 'private, no-store').json(body);
  });

  return router;
}
