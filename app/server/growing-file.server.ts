import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A body being written to a temporary file, which a reader may take while the writing goes on. */
export type GrowingFile = {
  /** Every chunk of the body, read from the file as soon as it is there; throws if the body failed. */
  chunks: () => AsyncIterable<Uint8Array>;
  /** Settles when the whole body is in the file, the body failed, or writing was stopped. */
  written: Promise<void>;
  /** Stops taking the body after the chunk being written (its reader went away): the body's source is ended. */
  stop: () => void;
  discard: () => Promise<void>;
};

const READ_SIZE = 64 * 1024;

/**
 * Writes the body to a temporary file at the body's pace, never the reader's: work that holds a scarce resource
 * (a COPY on a database connection) ends as fast as the disk takes it, while a reader that keeps up is served as
 * the bytes arrive, as if the body were streamed to it (docs/decisions/206). Memory holds one chunk at a time.
 */
export async function growingFile(body: AsyncIterable<Uint8Array | string>): Promise<GrowingFile> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "np-growing-"));
  const file = path.join(directory, "body");
  const writer = await fs.open(file, "w");
  let size = 0;
  let finished = false;
  let stopped = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const changed = () => {
    wake?.();
    wake = undefined;
  };
  const written = (async () => {
    try {
      for await (const chunk of body) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        await writer.write(bytes, 0, bytes.byteLength, size);
        size += bytes.byteLength;
        changed();
        // Leaving the loop returns the body's generator, which ends its source (a COPY gives its connection back).
        if (stopped) break;
      }
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      finished = true;
      await writer.close();
      changed();
    }
  })();
  // The reader learns of a failure through its chunks; the writer's own promise must not go unhandled.
  written.catch(() => {});

  async function* chunks(): AsyncGenerator<Uint8Array> {
    const reader = await fs.open(file, "r");
    try {
      let position = 0;
      for (;;) {
        if (position < size) {
          const buffer = Buffer.allocUnsafe(Math.min(READ_SIZE, size - position));
          const { bytesRead } = await reader.read(buffer, 0, buffer.byteLength, position);
          position += bytesRead;
          yield buffer.subarray(0, bytesRead);
        } else if (failure !== undefined) {
          throw failure;
        } else if (finished) {
          return;
        } else {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      }
    } finally {
      await reader.close();
    }
  }

  return {
    chunks,
    written,
    stop: () => {
      stopped = true;
    },
    discard: async () => {
      await written.catch(() => {});
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
