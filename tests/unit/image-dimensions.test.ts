import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imageDimensions } from "~/services/popups/image-dimensions.server";
import { imageTypeOf } from "~/services/popups/images.server";
import { pngDeclaring } from "../support/builders/images";

/** Images as real encoders wrote them (a browser's canvas; the WebP ones also rewrapped in the simple form). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/images/${name}`, import.meta.url));

/** Each file, the size it declares, and a length that ends inside the bytes holding that size. */
const FIXTURES: [string, { width: number; height: number }, number][] = [
  ["3x2.png", { width: 3, height: 2 }, 22],
  ["3x2.jpg", { width: 3, height: 2 }, 638],
  ["1x1.gif", { width: 1, height: 1 }, 9],
  ["3x2-lossy.webp", { width: 3, height: 2 }, 29],
  ["3x2-lossless.webp", { width: 3, height: 2 }, 23],
  ["3x2-extended.webp", { width: 3, height: 2 }, 29],
];

const typed = (bytes: Buffer) => imageDimensions(imageTypeOf(bytes) ?? "", bytes);

describe("imageDimensions", () => {
  it.each(FIXTURES)("reads %s as %o", (name, expected) => {
    expect(typed(fixture(name))).toEqual(expected);
  });

  it.each(FIXTURES)("answers null for %s cut inside its size", (name, _size, cut) => {
    const bytes = fixture(name);
    expect(imageDimensions(imageTypeOf(bytes) ?? "", bytes.subarray(0, cut))).toBeNull();
  });

  it("reads what a header declares, however little data follows", () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(4_096);
    expect(typed(bomb)).toEqual({ width: 50_000, height: 50_000 });
  });

  it("answers null for a declared size of zero and for a JPEG whose segments lead nowhere", () => {
    expect(typed(pngDeclaring(0, 10))).toBeNull();
    const jpeg = fixture("3x2.jpg");
    expect(typed(Buffer.concat([jpeg.subarray(0, 2), Buffer.from("ffda000c", "hex")]))).toBeNull();
    expect(typed(Buffer.concat([jpeg.subarray(0, 2), Buffer.from("00000000", "hex")]))).toBeNull();
  });
});
