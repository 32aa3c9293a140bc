import { and, count, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupImages } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { popupImagePath } from "~/lib/public-popup-config";
import { conflict, invalid, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { imageDimensions } from "./image-dimensions.server";

/** An uploaded popup image may be at most this large; a store keeps at most this many. */
export const MAX_IMAGE_BYTES = 1024 * 1024;
const MAX_IMAGES_PER_STORE = 200;
export const IMAGE_TYPE_REFUSED = "Upload a PNG, JPEG, WebP or GIF image";
/** What a browser is asked to draw: no side longer than this, and at most this many pixels in all. */
const MAX_IMAGE_SIDE = 10_000;
const MAX_IMAGE_PIXELS = 40_000_000;
const IMAGE_UNREADABLE =
  "This image could not be read. Save it again as PNG, JPEG, WebP or GIF and upload it";

const formatted = (value: number) => value.toLocaleString("en-US");

/** The image formats a popup shows, recognised by their first bytes (the declared type is not trusted). */
const SIGNATURES: { type: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: "image/png", matches: (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")) },
  { type: "image/jpeg", matches: (b) => b.subarray(0, 3).equals(Buffer.from("ffd8ff", "hex")) },
  { type: "image/gif", matches: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")) },
  {
    type: "image/webp",
    matches: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

export function imageTypeOf(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}

/** Why the image's declared size is refused (unreadable, a side too long, too many pixels); null when fine. */
function sizeProblem(contentType: string, bytes: Buffer): string | null {
  const size = imageDimensions(contentType, bytes);
  if (!size) return IMAGE_UNREADABLE;
  const { width, height } = size;
  if (width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS) return null;
  return (
    `Images may be at most ${formatted(MAX_IMAGE_SIDE)} pixels on a side and ` +
    `${formatted(MAX_IMAGE_PIXELS / 1_000_000)} megapixels in all; this one is ` +
    `${formatted(width)} × ${formatted(height)} pixels`
  );
}

/** Stores an uploaded image for a store's popups; answers its id and public URL path. */
export async function uploadPopupImage(
  actor: Actor,
  storeId: string,
  bytes: Buffer,
): Promise<{ id: string; url: string; contentType: string; byteSize: number }> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw invalid(IMAGE_TYPE_REFUSED, { image: [IMAGE_TYPE_REFUSED] });
  const problem = sizeProblem(contentType, bytes);
  if (problem) throw invalid(problem, { image: [problem] });
  const [stored] = await db()
    .select({ images: count() })
    .from(popupImages)
    .where(eq(popupImages.storeId, store.id));
  if ((stored?.images ?? 0) >= MAX_IMAGES_PER_STORE) {
    throw conflict(`A store keeps at most ${MAX_IMAGES_PER_STORE} images`);
  }
  const [image] = await db()
    .insert(popupImages)
    .values({ storeId: store.id, contentType, bytes, byteSize: bytes.byteLength })
    .returning({ id: popupImages.id });
  if (!image) throw notFound("Store not found");
  return { id: image.id, url: popupImagePath(image.id), contentType, byteSize: bytes.byteLength };
}

/** Refuses a change that points a popup at an image another store uploaded (or none at all). */
export async function requireStoreImages(storeId: string, imageIds: string[]): Promise<void> {
  const wanted = [...new Set(imageIds)];
  if (wanted.length === 0) return;
  const found = await db()
    .select({ id: popupImages.id })
    .from(popupImages)
    .where(and(eq(popupImages.storeId, storeId), inArray(popupImages.id, wanted)));
  if (found.length !== wanted.length) {
    const message = "Upload the image first";
    throw invalid(message, { "design.imageId": [message] });
  }
}

/** An image for the storefront, by id; null when unknown. Public: ids are unguessable and images are shown to any visitor. */
export async function publicImage(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!isUuid(id)) return null;
  const [image] = await db()
    .select({ contentType: popupImages.contentType, bytes: popupImages.bytes })
    .from(popupImages)
    .where(eq(popupImages.id, id));
  return image ?? null;
}
