/**
 * The little of oidc-provider (v9 ships no types) that e2e/support/oidc-issuer.ts and
 * lib/auth/postgres.test.ts use.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, Server, ServerResponse } from "node:http";

  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface KoaContextWithOIDC {
    oidc: {
      result?: { consent?: { grantId?: string } };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      client?: { clientId: string };
      provider: {
        Grant: {
          new (init: { clientId: string; accountId: string }): Grant;
          find(id: string): Promise<Grant | undefined>;
        };
      };
    };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host?: string): Server;
    /** Its request handler, for a server started before the issuer's address is known. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
