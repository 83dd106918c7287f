// The canScanKits staff permission (issue 16 point 3): admins grant and revoke it.
import type { Db } from '../../db/index.js';

export interface KitScanner {
  id: number;
  name: string;
  email: string;
}

export function listKitScanners(db: Db): Promise<KitScanner[]> {
  return db('users').where({ can_scan_kits: true }).orderBy('name').select('id', 'name', 'email');
}

/** Answers false when no account has that e-mail. */
export async function grantKitScanning(db: Db, email: string): Promise<boolean> {
  const updated = await db('users').where({ email }).update({ can_scan_kits: true, updated_at: db.fn.now() });
  return updated > 0;
}

export async function revokeKitScanning(db: Db, userId: number): Promise<boolean> {
  const updated = await db('users').where({ id: userId, can_scan_kits: true }).update({ can_scan_kits: false, updated_at: db.fn.now() });
  return updated > 0;
}
