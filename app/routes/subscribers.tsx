import { StoreSectionPage } from "~/components/store-section-page";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => [{ title: "Subscribers · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "view_subscribers");
  return null;
}

export default function Screen() {
  return <StoreSectionPage title="Subscribers" subtitle="Everyone who signed up through your popup" />;
}
