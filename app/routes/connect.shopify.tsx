import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { statusOf } from "~/http/errors.server";
import { readSessionToken } from "~/http/session-cookie.server";
import { DomainError } from "~/server/domain-errors.server";
import { actorForSession } from "~/services/access/actor.server";
import { completeShopLink, previewShopLink } from "~/services/shopify/shop-link.server";
import type { Route } from "./+types/connect.shopify";

export const meta: Route.MetaFunction = () => [{ title: "Connect with Shopify · Newsletter Popup" }];

const SIGN_IN_FIRST =
  "Sign in to Newsletter Popup in this browser, start Connect with Shopify from your store's Settings, then choose Link to my Newsletter Popup store again in your Shopify admin.";

/** The signed-in user of this browser, by the dashboard's session cookie: this page is opened top-level. */
async function browserActor(request: Request) {
  const token = await readSessionToken(request);
  return token ? actorForSession(token) : null;
}

type Refusal = { refusal: string };

function refusalOf(error: unknown) {
  if (error instanceof DomainError)
    return data<Refusal>({ refusal: error.message }, { status: statusOf(error) });
  throw error;
}

/**
 * Opened from the app in the shop's Shopify admin with a grant for that shop: the administrator who started
 * Connect with Shopify confirms which of their stores the shop joins.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await browserActor(request);
  if (!actor) return data<Refusal>({ refusal: SIGN_IN_FIRST }, { status: 401 });
  const grant = new URL(request.url).searchParams.get("grant") ?? "";
  try {
    return { grant, ...(await previewShopLink(actor, grant)) };
  } catch (error) {
    return refusalOf(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await browserActor(request);
  if (!actor) return data<Refusal>({ refusal: SIGN_IN_FIRST }, { status: 401 });
  const form = await request.formData();
  try {
    const { storeId, shop } = await completeShopLink(actor, String(form.get("grant") ?? ""));
    return redirect(`/store/${storeId}/settings?connected=${encodeURIComponent(shop)}`);
  } catch (error) {
    return refusalOf(error);
  }
}

export default function ConnectShopify({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const refusal = actionData?.refusal ?? ("refusal" in loaderData ? loaderData.refusal : null);
  if (refusal || "refusal" in loaderData) {
    return (
      <AuthLayout title="Connect with Shopify">
        <BlockStack gap="400">
          <Banner tone="critical" title="The shop was not connected">
            {refusal}
          </Banner>
          <InlineStack>
            <Button url="/settings" variant="primary">
              Back to Settings
            </Button>
          </InlineStack>
        </BlockStack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Connect with Shopify">
      <BlockStack gap="400">
        <Text as="p">
          {`Link ${loaderData.shop} to your store ${loaderData.storeName}? The shop's staff will work on ${loaderData.storeName} from the Shopify admin, and the empty store the app made when it was installed there is removed.`}
        </Text>
        <Form method="post">
          <input type="hidden" name="grant" value={loaderData.grant} />
          <InlineStack gap="300">
            <Button submit variant="primary" loading={submitting}>
              {`Link ${loaderData.shop}`}
            </Button>
            <Button url="/settings">Cancel</Button>
          </InlineStack>
        </Form>
      </BlockStack>
    </AuthLayout>
  );
}
