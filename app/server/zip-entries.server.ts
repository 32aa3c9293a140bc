import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { createInflateRaw } from "node:zlib";

/** Why a ZIP cannot be read: the message is for the merchant. */
export class UnreadableZip extends Error {}

/** One file of a ZIP, read as often as needed, inflated on the way and held to its declared size. */
export type ZipEntry = { name: string; size: number; chunks: () => AsyncIterable<Uint8Array> };

export type ZipLimits = {
  /** Entries the central directory may list: a small export has a handful. */
  maxEntries: number;
  /** The uncompressed bytes of the entries read, all together. */
  maxTotalBytes: number;
  /** Which entries to read, by name (the others are never inflated). */
  wanted: (name: string) => boolean;
};

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end-of-directory record (22 bytes) may be followed by a comment of up to 65,535 bytes. */
const END_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;

/**
 * The entries of the ZIP at `path` that `limits.wanted` picks, read from its central directory (zip bombs
 * bounded: so many entries at most, the declared sizes of those read summed against a limit, and each
 * entry's inflated bytes held to its declared size). Encrypted entries, ZIP64 and methods other than stored
 * and deflate are refused: an export never uses them.
 */
export async function zipEntries(path: string, limits: ZipLimits): Promise<ZipEntry[]> {
  const file = await fs.open(path, "r");
  try {
    const { size } = await file.stat();
    const tailStart = Math.max(0, size - END_SEARCH);
    const tail = await readAt(file, tailStart, size - tailStart);
    const end = tail.lastIndexOf(END_OF_DIRECTORY);
    if (end < 0 || end + 22 > tail.length)
      throw new UnreadableZip("The ZIP file is damaged: its directory is missing");
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryStart = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directoryStart === 0xffffffff)
      throw new UnreadableZip("This ZIP file uses ZIP64, which is not supported: zip the CSV files again");
    if (count > limits.maxEntries)
      throw new UnreadableZip(
        `The ZIP file holds ${count} files: an export has at most ${limits.maxEntries}`,
      );
    if (directoryStart + directorySize > tailStart + end)
      throw new UnreadableZip("The ZIP file is damaged: its directory points past its end");
    const directory = await readAt(file, directoryStart, directorySize);
    const entries: ZipEntry[] = [];
    let total = 0;
    let at = 0;
    for (let index = 0; index < count; index++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY)
        throw new UnreadableZip("The ZIP file is damaged: its directory cannot be read");
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      const compressed = directory.readUInt32LE(at + 20);
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const skip = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
      const localHeader = directory.readUInt32LE(at + 42);
      const name = directory.toString("utf8", at + 46, at + 46 + nameLength);
      at += 46 + skip;
      if (!limits.wanted(name)) continue;
      if (flags & 0x1)
        throw new UnreadableZip(`"${name}" in the ZIP file is encrypted: zip it without a password`);
      if (method !== STORED && method !== DEFLATED)
        throw new UnreadableZip(`"${name}" in the ZIP file is compressed in a way that is not supported`);
      if (compressed === 0xffffffff || uncompressed === 0xffffffff)
        throw new UnreadableZip("This ZIP file uses ZIP64, which is not supported: zip the CSV files again");
      total += uncompressed;
      if (total > limits.maxTotalBytes) throw new TooLargeZip();
      const start = await dataStart(file, localHeader, size);
      if (start + compressed > size) throw new UnreadableZip(`"${name}" in the ZIP file is cut short`);
      entries.push({
        name,
        size: uncompressed,
        chunks: () => entryChunks(path, { start, compressed, uncompressed, method, name }),
      });
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** The entries read would be larger, uncompressed, than allowed. */
export class TooLargeZip extends Error {}

async function readAt(file: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Where an entry's data begins: after its local header, whose name and extra field lengths are its own. */
async function dataStart(file: fs.FileHandle, offset: number, size: number): Promise<number> {
  const header = await readAt(file, offset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER)
    throw new UnreadableZip("The ZIP file is damaged: a file's header cannot be read");
  const start = offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start > size) throw new UnreadableZip("The ZIP file is damaged: a file's header points past its end");
  return start;
}

type EntryPlace = { start: number; compressed: number; uncompressed: number; method: number; name: string };

/** The entry's bytes, inflated; more bytes than it declared (a lying header) stop it. */
async function* entryChunks(path: string, entry: EntryPlace): AsyncGenerator<Uint8Array> {
  if (entry.compressed === 0) return;
  const raw = createReadStream(path, { start: entry.start, end: entry.start + entry.compressed - 1 });
  const bytes = entry.method === DEFLATED ? raw.pipe(createInflateRaw()) : raw;
  raw.on("error", (error) => bytes.destroy(error));
  let read = 0;
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      read += chunk.byteLength;
      if (read > entry.uncompressed)
        throw new UnreadableZip(`"${entry.name}" in the ZIP file is larger than its header says`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UnreadableZip) throw error;
    throw new UnreadableZip(`"${entry.name}" in the ZIP file is damaged and cannot be read`);
  } finally {
    bytes.destroy();
    raw.destroy();
  }
}
