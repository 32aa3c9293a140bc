import { BlockStack, Button, DropZone, InlineError, InlineStack, Thumbnail } from "@shopify/polaris";
import { useState } from "react";
import { APP_FETCH_HEADER } from "~/lib/api-client";
import { popupImagePath } from "~/lib/public-popup-config";

/** What the server takes (POST /api/stores/:storeId/popup-images). */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const MAX_IMAGE_BYTES = 1024 * 1024;
const WRONG_TYPE = "Use a PNG, JPEG, WebP or GIF image";
const DROP_ZONE_ID = "popup-image";

type Props = { storeId: string; imageId: string | null; onChange: (imageId: string | null) => void };

/** Sends the file as the request body; resolves the stored image's id or rejects with the server's message. */
async function uploadImage(storeId: string, file: File): Promise<string> {
  const response = await fetch(`/api/stores/${storeId}/popup-images`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": file.type, [APP_FETCH_HEADER.name]: APP_FETCH_HEADER.value },
    body: file,
  });
  const body: unknown = await response.json().catch(() => ({}));
  const field = (name: string) =>
    body && typeof body === "object" && name in body ? (body as Record<string, unknown>)[name] : undefined;
  const id = field("id");
  if (response.ok && typeof id === "string") return id;
  const message = field("message");
  throw new Error(typeof message === "string" ? message : "The image could not be uploaded");
}

/** The popup's image: a PNG, JPEG, WebP or GIF of at most 1 MB, shown as a thumbnail once uploaded. */
export function ImageField({ storeId, imageId, onChange }: Props) {
  const [uploading, setUploading] = useState(false);
  // Why the last file was refused, under the drop zone: the merchant is looking there, not at a corner.
  const [refusal, setRefusal] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setRefusal(WRONG_TYPE);
    if (file.size > MAX_IMAGE_BYTES) return setRefusal("The image must be at most 1 MB");
    setRefusal(null);
    setUploading(true);
    try {
      onChange(await uploadImage(storeId, file));
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <BlockStack gap="200">
      <InlineStack gap="300" blockAlign="end" wrap={false}>
        {imageId ? <Thumbnail source={popupImagePath(imageId)} alt="The popup's image" size="large" /> : null}
        <div className="np-image-drop">
          <DropZone
            label="Image"
            allowMultiple={false}
            accept={IMAGE_TYPES.join(",")}
            type="image"
            disabled={uploading}
            onDropAccepted={(files) => void upload(files[0])}
            onDropRejected={() => setRefusal(WRONG_TYPE)}
            error={refusal !== null}
            id={DROP_ZONE_ID}
          >
            <DropZone.FileUpload
              actionTitle={uploading ? "Uploading…" : imageId ? "Replace image" : "Add image"}
              actionHint="PNG, JPEG, WebP or GIF, at most 1 MB"
            />
          </DropZone>
        </div>
      </InlineStack>
      {refusal ? <InlineError message={refusal} fieldID={DROP_ZONE_ID} /> : null}
      {imageId ? (
        <InlineStack>
          <Button variant="plain" tone="critical" onClick={() => onChange(null)}>
            Remove image
          </Button>
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}
