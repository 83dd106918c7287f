import type { User } from './users/queries.js';
import type { ShellContext } from './shell/context.js';
import type { ShellCounts } from './shell/counts.js';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** Set while an admin or sub-admin acts as another user. */
    impersonatorId: number;
    impersonationReadOnly: boolean;
  }
}

declare global {
  namespace Express {
    interface Request {
      /** The account the request acts as (the impersonated one while impersonating). */
      currentUser?: User;
      impersonator?: User;
      /** Loaded with the account on page requests (see auth/current-user.ts). */
      shellCounts?: ShellCounts;
    }
    interface Locals {
      csrfToken: string;
      shell: ShellContext;
    }
  }
}

export {};
