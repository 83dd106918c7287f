// GET /members/reports/print-vet-report-pdf/{hashPetId} (spec 2 §2). The token is the key: the vet
// who got the e-mail may have no Embark account, so the route does not ask for a sign-in. A wrong,
// revoked or replaced token, or a deleted dog, is a 404.
import { Router, type Response } from 'express';
import type { Db } from '../db/index.js';
import { findPet, type Pet } from '../pets/queries.js';
import { dogNotFound } from '../pets/access.js';
import { petNumByReportToken } from './shares.js';
import { loadVetReport } from './report-data.js';
import { renderVetReportPdf } from './report-pdf.js';

export function vetReportRoutes(db: Db): Router {
  const router = Router();
  router.get('/members/reports/print-vet-report-pdf/:hashPetId', async (req, res) => {
    const petNum = await petNumByReportToken(db, req.params.hashPetId);
    const pet = petNum === null ? undefined : await findPet(db, petNum);
    if (!pet) throw dogNotFound();
    await sendVetReport(res, db, pet, req.query.paper);
  });
  return router;
}

/** Answers the dog's vet report as a PDF; `paper` (a4 or letter) overrides the owner's country. */
export async function sendVetReport(res: Response, db: Db, pet: Pet, paper: unknown): Promise<void> {
  const report = await loadVetReport(db, pet);
  if (paper === 'a4') report.paper = 'A4';
  if (paper === 'letter') report.paper = 'LETTER';
  const pdf = await renderVetReportPdf(report);
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${pet.handle}-vet-report.pdf"`,
      // A link that can be revoked: no cache may keep the report, and no search engine may list it.
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    })
    .send(pdf);
}
