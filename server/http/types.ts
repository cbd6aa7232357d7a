// Fastify type extensions shared by the hooks and the modules.
import 'fastify';

/** The signed-in user, loaded from the database on every authenticated request. */
export type AuthUser = {
  id: number;
  username: string;
  name: string;
  is_superuser: boolean;
  dept_id: number | null;
};

export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks an API route: signature checked, operation logged, counted for "method not allowed". */
    api?: boolean;
    /** Default `required` on API routes. `optional` reads a token when one is sent. */
    auth?: AuthMode;
    /** Operation-log module name, e.g. `dept`. */
    module?: string;
    /**
     * A machine endpoint (phone agent, ingest): a request without a signed-in user (a machine token) is left out
     * of the operation log — the module records it in its own log (xy_log, device data).
     */
    machine?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** Code and msg of the envelope sent, for the operation log. */
    outcome: { code: number | null; msg: string | null } | null;
  }
}
