import type { Request } from 'express';
import type { Db } from '../db/index.js';

export interface AuditEntry {
  action: string;
  details?: Record<string, unknown>;
}

/** Writes made while impersonating are recorded with both identities (DESIGN.md). */
export async function recordImpersonatedWrite(db: Db, req: Request, entry: AuditEntry): Promise<void> {
  if (!req.impersonator || !req.currentUser) return;
  await db('audit_log').insert({
    user_id: req.currentUser.id,
    impersonator_id: req.impersonator.id,
    action: entry.action,
    method: req.method,
    path: req.originalUrl.split('?')[0].slice(0, 500),
    details: JSON.stringify(entry.details ?? {}),
  });
}
