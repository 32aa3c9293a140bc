import { Button, Card, EmptyState, Page } from "@shopify/polaris";
import { data } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Newsletter Popup" }];

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <Page>
      <Card>
        <EmptyState heading="404 Page Not Found" image="">
          <p>The page you are looking for does not exist or has moved.</p>
          <Button url="/">Go to the dashboard</Button>
        </EmptyState>
      </Card>
    </Page>
  );
}
