import { afterAll, beforeAll } from "vitest";
import { createOrganizationWithAdmin } from "../builders/fixtures";
import { type AppEnv, type AppServer, startApp } from "../infra/app-server";
import { HttpClient } from "./http";

export type SignedInApp = {
  app: AppServer;
  /** The organization's admin, signed in over HTTP. */
  admin: HttpClient;
  owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
};

/**
 * The setup most API test files share: a production server for this file and an organization whose
 * admin is signed in. Read the fields inside tests (they are filled in beforeAll); the server stops afterAll.
 */
export function useSignedInApp(env?: AppEnv): SignedInApp {
  const context = {} as SignedInApp;
  beforeAll(async () => {
    context.owner = await createOrganizationWithAdmin();
    context.app = await startApp({ env });
    context.admin = new HttpClient(context.app.url);
    await context.admin.login(context.owner.email, context.owner.password);
  });
  afterAll(async () => {
    await context.app?.stop();
  });
  return context;
}
