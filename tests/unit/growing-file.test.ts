import { describe, expect, it } from "vitest";
import { growingFile } from "~/server/growing-file.server";

/** A body whose chunks come only when the test says so. */
function controlledBody() {
  const waiting: ((chunk: string | null) => void)[] = [];
  const sent: (string | null)[] = [];
  let returned = false;
  async function* body(): AsyncGenerator<string> {
    try {
      for (;;) {
        const chunk = await new Promise<string | null>((resolve) => {
          const next = sent.shift();
          if (next !== undefined) resolve(next);
          else waiting.push(resolve);
        });
        if (chunk === null) return;
        yield chunk;
      }
    } finally {
      returned = true;
    }
  }
  const send = (chunk: string | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(chunk);
    else sent.push(chunk);
  };
  return { body: body(), send, wasReturned: () => returned };
}

const text = async (chunks: AsyncIterable<Uint8Array>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString();
};

describe("a growing file", () => {
  it("gives its reader each chunk as it is written, then the end", async () => {
    const { body, send } = controlledBody();
    const file = await growingFile(body);
    const reader = file.chunks()[Symbol.asyncIterator]();
    send("first,");
    expect(Buffer.from((await reader.next()).value ?? []).toString()).toBe("first,");
    send("second");
    send(null);
    await file.written;
    expect(Buffer.from((await reader.next()).value ?? []).toString()).toBe("second");
    expect((await reader.next()).done).toBe(true);
    await file.discard();
  });

  it("is written to the end whether or not anyone reads, and read whole afterwards", async () => {
    async function* letters(): AsyncGenerator<string> {
      yield* ["a", "b", "c"];
    }
    const file = await growingFile(letters());
    await file.written;
    expect(await text(file.chunks())).toBe("abc");
    await file.discard();
  });

  it("tells its reader that the body failed", async () => {
    async function* failing(): AsyncGenerator<string> {
      yield "partial";
      throw new Error("the database went away");
    }
    const file = await growingFile(failing());
    await expect(text(file.chunks())).rejects.toThrow("the database went away");
    await file.discard();
  });

  it("stops taking the body when asked, which ends the body's source", async () => {
    const { body, send, wasReturned } = controlledBody();
    const file = await growingFile(body);
    file.stop();
    send("one more");
    await file.written;
    expect(wasReturned()).toBe(true);
    await file.discard();
  });
});
