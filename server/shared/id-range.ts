/** Ids are PostgreSQL `integer` (serial) columns: a larger number names no row and must not reach a query. Free of imports, so widgets may use it. */
export const MAX_ID = 2_147_483_647;
