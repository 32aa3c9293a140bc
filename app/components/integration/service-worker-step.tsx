import { BlockStack, Button, Card, List, Text } from "@shopify/polaris";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import { SERVICE_WORKER_FILE_NAME as FILE_NAME } from "~/lib/install-script";

/** Saves text as a file through the browser's own download. */
function saveAs(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Optional speed-up: a service worker that serves the popup from cache on repeat visits. */
export function ServiceWorkerCard({ storeId }: { storeId: string }) {
  const { pending: downloading, run } = useAction();

  const download = () =>
    run(async () => {
      saveAs(await apiRequest<string>("GET", `/api/stores/${storeId}/download-file`), FILE_NAME);
    }, "Failed to download file");

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Faster repeat visits (optional)
        </Text>
        <Text as="p">
          A service worker keeps the popup script and its settings in the visitor's browser, shows them at
          once on the next visit and refreshes them in the background.
        </Text>
        <List type="number">
          <List.Item>
            Download the file and upload it to the root of your site, so it opens at /{FILE_NAME}.
          </List.Item>
          <List.Item>
            Add this line after the install script on every page: &lt;script&gt;if ("serviceWorker" in
            navigator) navigator.serviceWorker.register("/{FILE_NAME}");&lt;/script&gt;
          </List.Item>
          <List.Item>
            If your site already has a service worker, add importScripts("/{FILE_NAME}") to it instead.
          </List.Item>
        </List>
        <div>
          <Button onClick={download} loading={downloading}>
            Download service worker
          </Button>
        </div>
      </BlockStack>
    </Card>
  );
}
