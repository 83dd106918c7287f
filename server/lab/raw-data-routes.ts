import { Router } from 'express';
import type { Db } from '../db/index.js';
import { parseId } from '../http/ids.js';
import type { Settings } from '../settings.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { ownerPermission } from '../pets/queries.js';
import { unpackGenotype } from '../genetics/genotype.js';
import { writeTsvGenotypes } from '../genetics/formats/tsv.js';
import { writePlink } from '../genetics/formats/plink.js';
import { dogNotFound } from '../pets/access.js';
import { openLab } from './lab.js';
import { loadPanel } from './panel-load.js';

const FORMATS = new Set(['tsv', 'tped', 'tfam']);

/** Mounted under /members: the owner of a tested dog downloads its raw data, as labs let owners do. */
export function rawDataRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  router.get('/pet/:petNum/raw-data', async (req, res) => {
    const user = signedInUser(req);
    const petNum = parseId(req.params.petNum);
    const format = typeof req.query.format === 'string' ? req.query.format : 'tsv';
    if (!FORMATS.has(format)) throw new HttpError(400, 'Unknown format: choose tsv, tped or tfam');
    const owns = petNum !== null && (await ownerPermission(db, petNum, user.id));
    if (petNum === null || (!owns && !user.isAdmin)) throw dogNotFound();
    const genotype = await db('genotypes')
      .join('samples', 'samples.id', 'genotypes.sample_id')
      .join('swabs', 'swabs.id', 'samples.swab_id')
      .join('pets', 'pets.pet_num', 'genotypes.pet_num')
      .where({ 'genotypes.pet_num': petNum, 'genotypes.is_current': true })
      // a deleted dog's raw data is gone for everyone, its owners and admins alike
      .whereNull('pets.deleted_at')
      .first('genotypes.calls', 'genotypes.marker_count', 'genotypes.panel_id', 'swabs.swab_code', 'pets.handle', 'pets.sex');
    if (!genotype) throw new HttpError(404, 'This dog has no DNA results yet.');
    const lab = await openLab(db, settings.lab);
    const panel = genotype.panel_id === lab.panelId ? lab.panel : await loadPanel(db, genotype.panel_id);
    const calls = unpackGenotype(new Uint8Array(genotype.calls), genotype.marker_count);
    const name = `${genotype.handle}-raw-data`;
    res.set('Cache-Control', 'private, no-store');
    if (format === 'tsv') {
      res.attachment(`${name}.tsv`).type('text/tab-separated-values');
      return res.send(writeTsvGenotypes(panel, calls, { swabCode: genotype.swab_code, comments: [`dog: ${genotype.handle}`, 'reference: CanFam3.1'] }));
    }
    const plink = writePlink(panel, calls, { familyId: genotype.handle, individualId: genotype.swab_code, sex: genotype.sex });
    res.attachment(`${name}.${format}`).type('text/plain');
    res.send(format === 'tped' ? plink.tped : plink.tfam);
  });
  return router;
}
