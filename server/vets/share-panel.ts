// What the share-with-vet accordion on the summary and health pages shows (issue 13 point 1).
import type { Request } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import type { Pet } from '../pets/queries.js';
import { absoluteUrl } from '../mail/templates.js';
import * as messages from '../shared/messages.js';
import { listShares } from './shares.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import { revokeShareWarning, VET_LINK_COPIED_MS, VET_REPORT_PATH } from '../shared/vets-rules.js';

const NOTICES = new Set(['sent', 'revoked', 'reset', 'failed', 'limited']);
const FIELD_ERRORS: Record<string, string> = {
  'name-required': messages.VET_NAME_REQUIRED,
  'name-too-long': messages.VET_NAME_TOO_LONG,
  'name-one-line': messages.VET_NAME_ONE_LINE,
  'email-required': messages.VET_EMAIL_REQUIRED,
  'email-invalid': messages.VET_EMAIL_INVALID,
};
export const ERROR_CODES = new Map(Object.entries(FIELD_ERRORS).map(([code, text]) => [text, code]));

/** What the share-with-vet accordion shows to an owner who may change the dog. */
export async function vetSharePanel(db: Db, settings: Settings, pet: Pet, req: Request, from: 'summary' | 'health', hasResults: boolean) {
  const reportPath = `${VET_REPORT_PATH}${pet.hashPetId}`;
  const notice = typeof req.query.vetShare === 'string' && NOTICES.has(req.query.vetShare) ? req.query.vetShare : null;
  const errors = [req.query.vetShareError].flat().filter((code): code is string => typeof code === 'string' && code in FIELD_ERRORS);
  return {
    from,
    petNum: pet.petNum,
    petUuid: pet.id,
    petName: pet.name,
    reportPath,
    reportUrl: absoluteUrl(settings.baseUrl, reportPath),
    shares: await listShares(db, pet.petNum),
    // issue 36 §8: no report to share before the results (the server refuses the share too)
    hasResults,
    revokeWarning: (share: { practiceName: string | null }) => revokeShareWarning(pet.name, share.practiceName),
    notice,
    open: notice !== null || errors.length > 0,
    errors: errors.map((code) => FIELD_ERRORS[code]),
    copiedMs: VET_LINK_COPIED_MS,
    // a sub-admin looking through the account sees the panel with its controls disabled
    readOnly: isReadOnlyImpersonation(req),
    messages,
  };
}

