import { Card, EmptyState, Frame, Page } from "@shopify/polaris";
import { ToastOutlet } from "~/components/toast";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/onboarding";

export const meta: Route.MetaFunction = () => [{ title: "Add your site · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "manage_stores");
  return null;
}

export default function Onboarding() {
  return (
    <Frame>
      <Page title="Add Your Site" backAction={{ content: "Dashboard", url: "/" }}>
        <Card>
          <EmptyState heading="Add your first site" image="">
            <p>Create a store, then install the popup script on your site.</p>
          </EmptyState>
        </Card>
      </Page>
      <ToastOutlet />
    </Frame>
  );
}
