import type { Db } from '../db/index.js';
import { userTypeOf, type UserType } from './rules.js';
import { isUniqueViolation } from '../db/unique-violation.js';

export interface User {
  id: number;
  uuid: string;
  email: string;
  name: string;
  isBreeder: boolean;
  isVet: boolean;
  isAdmin: boolean;
  isStaff: boolean;
  /** Staff permission to scan kits for shipping (issue 16), granted by admins. */
  canScanKits: boolean;
  canImpersonateAsSubAdmin: boolean;
  showMatchMaker: boolean;
  isReadOnly: boolean;
  breederName: string | null;
  countryCode: string;
  userGroup: string | null;
  howHeardAboutUs: string | null;
  userType: UserType;
  createdAt: Date;
}

export interface UserRow {
  id: number;
  uuid: string;
  email: string;
  name: string;
  password_hash: string;
  is_breeder: boolean;
  is_vet: boolean;
  is_admin: boolean;
  is_staff: boolean;
  can_scan_kits: boolean;
  can_impersonate_as_sub_admin: boolean;
  show_match_maker: boolean;
  is_read_only: boolean;
  breeder_name: string | null;
  country_code: string;
  user_group: string | null;
  how_heard_about_us: string | null;
  created_at: Date;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    name: row.name,
    isBreeder: row.is_breeder,
    isVet: row.is_vet,
    isAdmin: row.is_admin,
    isStaff: row.is_staff,
    canScanKits: row.can_scan_kits ?? false,
    canImpersonateAsSubAdmin: row.can_impersonate_as_sub_admin,
    showMatchMaker: row.show_match_maker,
    isReadOnly: row.is_read_only,
    breederName: row.breeder_name,
    countryCode: row.country_code,
    userGroup: row.user_group,
    howHeardAboutUs: row.how_heard_about_us,
    userType: userTypeOf({ isVet: row.is_vet, isBreeder: row.is_breeder }),
    createdAt: row.created_at,
  };
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await db<UserRow>('users').where({ id }).first();
  return row && toUser(row);
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const row = await db<UserRow>('users').where({ email }).first();
  return row && toUser(row);
}

export async function findPasswordHash(db: Db, email: string): Promise<{ id: number; passwordHash: string } | undefined> {
  const row = await db<UserRow>('users').select('id', 'password_hash').where({ email }).first();
  return row && { id: row.id, passwordHash: row.password_hash };
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isBreeder?: boolean;
  isVet?: boolean;
  isAdmin?: boolean;
  isStaff?: boolean;
  canScanKits?: boolean;
  canImpersonateAsSubAdmin?: boolean;
  showMatchMaker?: boolean;
  isReadOnly?: boolean;
  breederName?: string | null;
  countryCode?: string;
}

/**
 * insertUser's refusal when another account has the e-mail: the unique index decides the race a
 * lookup before the insert cannot (a sign-up form sent twice by a double click).
 */
export class EmailTakenError extends Error {}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const [row] = await db<UserRow>('users')
    .insert({
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      is_breeder: user.isBreeder ?? false,
      is_vet: user.isVet ?? false,
      is_admin: user.isAdmin ?? false,
      is_staff: user.isStaff ?? false,
      can_scan_kits: user.canScanKits ?? false,
      can_impersonate_as_sub_admin: user.canImpersonateAsSubAdmin ?? false,
      show_match_maker: user.showMatchMaker ?? false,
      is_read_only: user.isReadOnly ?? false,
      breeder_name: user.breederName ?? null,
      country_code: user.countryCode ?? 'US',
    })
    .returning('*')
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'users_email_unique') ? new EmailTakenError(user.email) : error;
    });
  return toUser(row as UserRow);
}
