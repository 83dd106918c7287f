import type { User } from './users/queries.js';
import type { ShellContext } from './shell/context.js';
import type { PetShellFacts, ShellCounts } from './shell/counts.js';
import type { SessionAccount } from './auth/session-store.js';
import type { PetAccess } from './pets/access.js';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** Set while an admin or sub-admin acts as another user. */
    impersonatorId: number;
    impersonationReadOnly: boolean;
    /** Set when a session is used long after its last write, so that it is written and its expiry rolls. */
    refreshedAt: number;
  }
}

declare global {
  namespace Express {
    interface Request {
      /** The request's id, in its log line and the X-Request-Id header (logging/http-logger.ts). */
      id: string;
      /** The account the request acts as (the impersonated one while impersonating). */
      currentUser?: User;
      impersonator?: User;
      /** Loaded with the account on page requests (see auth/current-user.ts). */
      shellCounts?: ShellCounts;
      /** The dog of a page's `?i=` and the account's access to it, read with the session (auth/current-user.ts). */
      requestedPet?: { petNum: number; access: PetAccess | null; shellFacts: PetShellFacts };
      /** Loaded by the session store with the session (auth/session-store.ts). */
      sessionAccount?: SessionAccount;
    }
    interface Locals {
      /** The session's CSRF token, '' while a signed-out visitor has none (see security/csrf.ts). */
      csrfToken: string;
      shell: ShellContext;
    }
  }
}

export {};
