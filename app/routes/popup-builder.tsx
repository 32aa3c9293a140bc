import { StoreSectionPage } from "~/components/store-section-page";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/popup-builder";

export const meta: Route.MetaFunction = () => [{ title: "Popup Builder · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "manage_popups");
  return null;
}

export default function Screen() {
  return (
    <StoreSectionPage
      title="Popup Builder"
      subtitle="Design the signup popup your visitors see"
      noStoresHeading="No Stores Configured"
    />
  );
}
