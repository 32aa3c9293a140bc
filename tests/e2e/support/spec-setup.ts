import { type SmtpSink, startSmtpSink } from "../../support/infra/smtp-sink";
import { type AppApi, apiAs, createStore, type Store, unique } from "./api";
import { test } from "./fixtures";
import { createOrganization } from "./members";
import { ADMIN, MAIN } from "./servers";

/**
 * What several spec files set up the same way: the first admin's API for a whole file, an organization of
 * a test's own, and a store that sends its mail to an SMTP sink.
 */

/**
 * The first admin's API client for the tests of one file: signed in before them, closed after. Usable
 * from the file's top level; calling it before the file's tests start throws.
 */
export function adminApiForFile(): AppApi {
  let api: AppApi | undefined;
  test.beforeAll(async () => {
    api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });
  return new Proxy({} as AppApi, {
    get: (_target, method: keyof AppApi) => {
      if (!api) throw new Error("the admin's API is opened before the file's tests");
      return api[method];
    },
  });
}

export type Account = { name: string; email: string; password: string };

/** A new organization with its admin, for a test that counts or lists what its organization holds. */
export async function newOrganization(label: string): Promise<Account> {
  const account = {
    name: unique(`${label} Org`),
    email: `${unique(label.toLowerCase())}@e2e.test`,
    password: `${label.toLowerCase()}-password-1`,
  };
  await createOrganization(MAIN, account);
  return account;
}

/** Runs `work` with an API client signed in as `account`, closed afterwards. */
export async function withApi<T>(
  account: { email: string; password: string },
  work: (api: AppApi) => Promise<T>,
): Promise<T> {
  const api = await apiAs(MAIN, account.email, account.password);
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

export type MailingStore = { readonly sink: SmtpSink; readonly store: Store };

/**
 * A store of the first admin whose email settings point at an SMTP sink of this file, for the tests of
 * one file: created before them; the sink stops after them. Read its fields inside tests.
 */
export function mailingStoreForFile(api: AppApi, label: string): MailingStore {
  const setup = {} as { sink: SmtpSink; store: Store };
  test.beforeAll(async () => {
    setup.sink = await startSmtpSink();
    const host = `${label.toLowerCase().replace(/\s+/g, "-")}.example.com`;
    setup.store = await createStore(api, { name: unique(label), shopifyUrl: `https://${host}` });
    await api.put(`/api/stores/${setup.store.id}/email-settings`, {
      smtpHost: "127.0.0.1",
      smtpPort: Number(new URL(setup.sink.url).port),
      fromEmail: `${unique("news")}@${host}`,
      fromName: label,
    });
    // Campaigns need a postal address in their footer; a new one takes the store's.
    await api.put(`/api/stores/${setup.store.id}/email-template`, {
      companyAddress: "1 Harbour Street, Springfield",
    });
  });
  test.afterAll(async () => {
    await setup.sink?.stop();
  });
  return setup;
}
