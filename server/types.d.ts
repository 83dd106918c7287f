import type { User } from './users/queries.js';
import type { ShellContext } from './shell/context.js';

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
    }
    interface Locals {
      csrfToken: string;
      shell: ShellContext;
    }
  }
}

export {};
