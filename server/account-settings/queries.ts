import type { Db } from '../db/index.js';
import type { AccountDetails } from './rules.js';
import { EMAIL_PREFERENCE_FIELDS, type EmailPreferenceField, type EmailPreferences } from '../shared/email-preference-fields.js';

export interface AccountSettings {
  name: string;
  email: string;
  countryCode: string;
  /** E.164, or null when the account gave none. */
  phoneSms: string | null;
}

export async function loadAccountSettings(db: Db, userId: number): Promise<AccountSettings | undefined> {
  const row = await db('users').where({ id: userId }).first('name', 'email', 'country_code', 'phone_sms');
  return row && { name: row.name, email: row.email, countryCode: row.country_code, phoneSms: row.phone_sms ?? null };
}

export async function updateAccountDetails(db: Db, userId: number, details: AccountDetails): Promise<void> {
  await db('users').where({ id: userId }).update({ name: details.name, country_code: details.countryCode, updated_at: db.fn.now() });
}

export async function updatePhoneSms(db: Db, userId: number, e164: string | null): Promise<void> {
  await db('users').where({ id: userId }).update({ phone_sms: e164, updated_at: db.fn.now() });
}

const COLUMN: Record<EmailPreferenceField, string> = {
  chat: 'chat',
  dogsLikeMine: 'dogs_like_mine',
  relativeFinder: 'relative_finder',
  careResources: 'care_resources',
  researchSurveys: 'research_surveys',
  newsletters: 'newsletters',
  promotionsAndSales: 'promotions_and_sales',
  productUpdates: 'product_updates',
  breederNewsletters: 'breeder_newsletters',
  breederPromotionsAndSales: 'breeder_promotions_and_sales',
  breederProductUpdates: 'breeder_product_updates',
  vetNewsletters: 'vet_newsletters',
  vetPromotionsAndSales: 'vet_promotions_and_sales',
  vetProductUpdates: 'vet_product_updates',
};

function toPreferences(row: Record<string, boolean>): EmailPreferences {
  return Object.fromEntries(EMAIL_PREFERENCE_FIELDS.map((field) => [field, row[COLUMN[field]]])) as EmailPreferences;
}

/**
 * A user without a row has the column defaults of the email_preferences table, read from the
 * database (the migration is their only definition). Only the current schema counts: copies of
 * the table elsewhere, such as the tests' snapshots, have no defaults.
 */
export async function readEmailPreferenceDefaults(db: Db): Promise<EmailPreferences> {
  const rows: { column_name: string; column_default: string | null }[] = await db
    .select('column_name', 'column_default')
    .from('information_schema.columns')
    .where({ table_name: 'email_preferences', table_schema: db.raw('current_schema()') });
  const byColumn = new Map(rows.map((row) => [row.column_name, row.column_default]));
  return Object.fromEntries(EMAIL_PREFERENCE_FIELDS.map((field) => [field, byColumn.get(COLUMN[field]) === 'true'])) as EmailPreferences;
}

let columnDefaults: Promise<EmailPreferences> | undefined;

/** The preferences of a user without a row, read from the table's defaults once per process. */
export function defaultPreferences(db: Db): Promise<EmailPreferences> {
  columnDefaults ??= readEmailPreferenceDefaults(db).catch((error: unknown) => {
    columnDefaults = undefined;
    throw error;
  });
  return columnDefaults;
}

export async function loadEmailPreferences(db: Db, userId: number): Promise<EmailPreferences> {
  const row = await db('email_preferences').where({ user_id: userId }).first();
  return row ? toPreferences(row) : defaultPreferences(db);
}

/** Sets the given flags in one statement; the row is created on the first change with the defaults for the rest. */
export async function saveEmailPreferences(db: Db, userId: number, changes: Partial<Record<EmailPreferenceField, boolean>>): Promise<EmailPreferences> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) values[COLUMN[field as EmailPreferenceField]] = value;
  if (Object.keys(values).length === 0) return loadEmailPreferences(db, userId);
  const [row] = await db('email_preferences')
    .insert({ user_id: userId, ...values, updated_at: db.fn.now() })
    .onConflict('user_id')
    .merge([...Object.keys(values), 'updated_at'])
    .returning('*');
  return toPreferences(row);
}
