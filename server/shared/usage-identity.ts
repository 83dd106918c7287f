// spec 2 §3, §6: the identity a page gives the analytics service: the account's e-mail and, only while
// someone impersonates it, isImpersonator with the impersonator's e-mail and name. Built from the
// accounts the session's query already loaded, so no page reads anything more for it.

export interface AnalyticsIdentity {
  email: string;
  isImpersonator?: true;
  impersonatorEmail?: string;
  impersonatorName?: string;
}

interface Account {
  email: string;
  name: string;
}

/** The identity of a signed-in page; null when signed out. A normal session carries no impersonation field at all. */
export function analyticsIdentity(user: Account | undefined, impersonator: Account | undefined): AnalyticsIdentity | null {
  if (!user) return null;
  if (!impersonator) return { email: user.email };
  return { email: user.email, isImpersonator: true, impersonatorEmail: impersonator.email, impersonatorName: impersonator.name };
}
