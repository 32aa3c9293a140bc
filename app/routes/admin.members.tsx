import { Card, EmptyState, Page } from "@shopify/polaris";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/admin.members";

export const meta: Route.MetaFunction = () => [{ title: "Member Management · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "admin");
  return null;
}

export default function Members() {
  return (
    <Page title="Member Management">
      <Card>
        <EmptyState heading="No members yet" image="">
          <p>Invite team members and choose what each of them may do.</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
