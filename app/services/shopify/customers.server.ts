import { type DomainError, invalid } from "~/server/domain-errors.server";
import { adminGraphql, type ShopifyCredentials } from "./admin-api.server";

/** The consent Shopify records for a customer's email (CustomerEmailMarketingConsentInput, Admin API 2025-10). */
export type EmailMarketingConsent = {
  marketingState: "SUBSCRIBED" | "UNSUBSCRIBED";
  /** How the address was confirmed; Shopify reads it with SUBSCRIBED only. */
  marketingOptInLevel?: "SINGLE_OPT_IN" | "CONFIRMED_OPT_IN";
  consentUpdatedAt: string;
};

type UserError = { message: string };

function refusal(what: string, userErrors: UserError[]): DomainError {
  return invalid(`Shopify refused ${what}: ${userErrors.map((error) => error.message).join("; ")}`);
}

/** The id of the shop's customer with this email, or null (customerByIdentifier, so no duplicate is made). */
export async function findCustomerIdByEmail(
  credentials: ShopifyCredentials,
  email: string,
): Promise<string | null> {
  const data = await adminGraphql(
    credentials,
    `#graphql
    query CustomerByEmail($identifier: CustomerIdentifierInput!) {
      customerByIdentifier(identifier: $identifier) { id }
    }`,
    { identifier: { emailAddress: email } },
  );
  return data.customerByIdentifier?.id ?? null;
}

/** customerCreate with consent: one customer per call, or per line of a bulk mutation. */
export const CREATE_SUBSCRIBED_CUSTOMER = `#graphql
    mutation CreateSubscribedCustomer($input: CustomerInput!) {
      customerCreate(input: $input) {
        customer { id }
        userErrors { field message }
      }
    }`;

/** customerEmailMarketingConsentUpdate: one customer per call, or per line of a bulk mutation. */
export const UPDATE_EMAIL_CONSENT = `#graphql
    mutation UpdateEmailConsent($input: CustomerEmailMarketingConsentUpdateInput!) {
      customerEmailMarketingConsentUpdate(input: $input) {
        customer { id }
        userErrors { field message code }
      }
    }`;

/** The bulk query of every customer's id and email (a line each), to match subscribers by address. */
export const BULK_CUSTOMER_EMAILS = `#graphql
    query BulkCustomerEmails {
      customers { edges { node { id defaultEmailAddress { emailAddress } } } }
    }`;

/** A new customer with this email and marketing consent; resolves with the customer's id. */
export async function createCustomerWithConsent(
  credentials: ShopifyCredentials,
  customer: { email: string; consent: EmailMarketingConsent },
): Promise<string> {
  const data = await adminGraphql(credentials, CREATE_SUBSCRIBED_CUSTOMER, {
    input: { email: customer.email, emailMarketingConsent: customer.consent },
  });
  const { customer: created = null, userErrors = [] } = data.customerCreate ?? {};
  if (userErrors.length > 0 || !created) throw refusal("the customer", userErrors);
  return created.id;
}

/** Records a customer's current email marketing consent (customerEmailMarketingConsentUpdate). */
export async function updateEmailMarketingConsent(
  credentials: ShopifyCredentials,
  customerId: string,
  consent: EmailMarketingConsent,
): Promise<void> {
  const data = await adminGraphql(credentials, UPDATE_EMAIL_CONSENT, {
    input: { customerId, emailMarketingConsent: consent },
  });
  const { userErrors = [] } = data.customerEmailMarketingConsentUpdate ?? {};
  if (userErrors.length > 0) throw refusal("the consent update", userErrors);
}
