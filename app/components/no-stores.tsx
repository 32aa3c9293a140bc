import { Card, EmptyState } from "@shopify/polaris";

/** What a store screen shows before the organization has any store. */
export function NoStores({ heading = "No stores configured" }: { heading?: string }) {
  return (
    <Card>
      <EmptyState heading={heading} action={{ content: "Add Your First Store", url: "/onboarding" }} image="">
        <p>Add your first store to start collecting newsletter subscribers.</p>
      </EmptyState>
    </Card>
  );
}
