import { ICON_NOT_IMAGE, ICON_TOO_LARGE, MAX_ICON_BYTES } from "./schemas/stores";

const ACCEPTED_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

export type IconResult = { dataUrl: string; warning?: string } | { error: string };

/** Reads an uploaded icon as a data URL, refusing non-images and large files, warning when not square. */
export async function readIcon(file: File): Promise<IconResult> {
  if (!ACCEPTED_TYPES.includes(file.type)) return { error: ICON_NOT_IMAGE };
  if (file.size > MAX_ICON_BYTES) return { error: ICON_TOO_LARGE };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const { width, height } = await new Promise<{ width: number; height: number }>((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve({ width: 0, height: 0 });
    image.src = dataUrl;
  });
  if (width === 0) return { error: ICON_NOT_IMAGE };
  return width === height
    ? { dataUrl }
    : { dataUrl, warning: "The icon should be square (192×192 px recommended)" };
}
