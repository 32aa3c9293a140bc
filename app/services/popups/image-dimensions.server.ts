/**
 * An image's width and height as its header declares them, read from the bytes alone (no decoder): what a
 * browser will allocate to show it. A few kilobytes can declare billions of pixels, so the size is checked
 * before the image is stored, not after a visitor's browser has tried to draw it.
 */
export type Dimensions = { width: number; height: number };

/** PNG: the IHDR chunk comes first, its width and height big-endian after the chunk's length and name. */
function pngDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** GIF: the logical screen's width and height, little-endian, after the six-byte signature. */
function gifDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 10) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Start-of-frame markers (SOF0–SOF15), which carry the size; C4, C8 and CC are other segments. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers that stand alone, with no length after them: TEM and RST0–RST7. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const START_OF_SCAN = 0xda;

/** JPEG: the segments before the first scan, walked by their lengths to the start-of-frame segment. */
function jpegDimensions(bytes: Buffer): Dimensions | null {
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    offset += 2;
    if (marker === 0xff) {
      offset -= 1; // a fill byte before the marker
      continue;
    }
    if (standsAlone(marker)) continue;
    if (marker === START_OF_SCAN || offset + 2 > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 7 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 3), width: bytes.readUInt16BE(offset + 5) };
    }
    offset += bytes.readUInt16BE(offset);
  }
  return null;
}

/** WebP: the first chunk says which of the three layouts follows (lossy, lossless, extended). */
function webpDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  switch (bytes.toString("latin1", 12, 16)) {
    case "VP8 ":
      // A key frame's start code, then 14-bit width and height.
      if (bytes.readUIntBE(23, 3) !== 0x9d012a) return null;
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    case "VP8L": {
      if (bytes[20] !== 0x2f) return null;
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case "VP8X":
      // The canvas: 24-bit width and height, each less one.
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}

const READERS: Record<string, (bytes: Buffer) => Dimensions | null> = {
  "image/png": pngDimensions,
  "image/gif": gifDimensions,
  "image/jpeg": jpegDimensions,
  "image/webp": webpDimensions,
};

/** The declared size of an image of a known type; null when its header is cut short or malformed. */
export function imageDimensions(contentType: string, bytes: Buffer): Dimensions | null {
  const dimensions = READERS[contentType]?.(bytes) ?? null;
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) return null;
  return dimensions;
}
