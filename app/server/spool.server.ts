import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A body kept in a temporary file: read it as often as needed, then discard it. */
export type SpooledBody = {
  /** The temporary file, for readers that need to seek (a ZIP's directory is at its end). */
  path: string;
  chunks: () => AsyncIterable<Uint8Array>;
  discard: () => Promise<void>;
};

/**
 * Writes the body to a temporary file as it arrives and resolves once all of it is there, so that work which
 * holds a scarce resource (a database connection, a lock) runs at the server's speed, never at the client's.
 * A body that fails (too large, cut off) leaves no file behind.
 */
export async function spoolToFile(body: AsyncIterable<Uint8Array>): Promise<SpooledBody> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "np-upload-"));
  const file = path.join(directory, "body");
  const discard = () => fs.rm(directory, { recursive: true, force: true });
  try {
    await pipeline(Readable.from(body), createWriteStream(file));
  } catch (error) {
    await discard();
    throw error;
  }
  return { path: file, chunks: () => createReadStream(file, { highWaterMark: 64 * 1024 }), discard };
}
