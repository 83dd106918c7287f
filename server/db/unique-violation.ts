// Two writes of one unique value at once (a form sent twice, two admins, a double click) both pass
// the check before them; the unique index refuses the second. Every create and update path turns
// that refusal into the answer a taken value gets, with this one test.

/** Whether `error` is PostgreSQL's refusal of a duplicate (23505), on `constraint` when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
