import type { Request } from 'express';

export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

/**
 * A fresh session id on every change of identity, against session fixation: a signed-out visitor's
 * session (the one a sign-in form starts for its CSRF token) is replaced too. The new session gets a
 * CSRF token of its own, so the pages that follow carry the token their forms and calls need.
 */
export async function startSessionAs(req: Request, userId: number, impersonation?: { impersonatorId: number; readOnly: boolean }) {
  await regenerateSession(req);
  req.session.userId = userId;
  if (impersonation) {
    req.session.impersonatorId = impersonation.impersonatorId;
    req.session.impersonationReadOnly = impersonation.readOnly;
  }
  req.csrfToken?.(true);
  await saveSession(req);
}
