import pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** A query as Drizzle's toSQL() renders it: text with $1…$n placeholders and their values. */
export type RenderedQuery = { sql: string; params: unknown[] };

/**
 * The query with each $n replaced by its value as a quoted literal (pg's escapeLiteral): COPY takes
 * no bind parameters. Only plain values are accepted; the text comes from Drizzle, whose own SQL has
 * no $n outside placeholders, and a replaced value is never scanned again.
 */
export function inlineParams({ sql, params }: RenderedQuery): string {
  return sql.replace(/\$(\d+)\b/g, (placeholder, position: string) => {
    const index = Number(position) - 1;
    if (index < 0 || index >= params.length) throw new Error(`no value for ${placeholder}`);
    const value = params[index];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw new Error(`${placeholder} is a ${typeof value}: only strings, numbers and booleans are inlined`);
    }
    return pg.escapeLiteral(String(value));
  });
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * COPY ends records with LF; RFC 4180 (and the rest of the app's CSV) with CRLF. Turns every LF
 * outside a quoted field into CRLF, across chunk boundaries (a chunk may end inside a field). A
 * doubled quote inside a field toggles twice, so the state stays right. Buffer.indexOf finds the
 * next quote and LF: a byte-by-byte loop took four times as long.
 */
export function crlfRecordEnds(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    const recordEnds: number[] = [];
    let nextQuote = chunk.indexOf(QUOTE);
    let nextLf = chunk.indexOf(LF);
    for (;;) {
      if (quoted || (nextQuote !== -1 && (nextLf === -1 || nextQuote < nextLf))) {
        if (nextQuote === -1) break;
        quoted = !quoted;
        const after = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, after);
        if (nextLf !== -1 && nextLf < after) nextLf = chunk.indexOf(LF, after);
      } else if (nextLf !== -1) {
        recordEnds.push(nextLf);
        nextLf = chunk.indexOf(LF, nextLf + 1);
      } else {
        break;
      }
    }
    if (recordEnds.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + recordEnds.length);
    let from = 0;
    let length = 0;
    for (const end of recordEnds) {
      length += chunk.copy(out, length, from, end);
      out[length++] = CR;
      from = end;
    }
    chunk.copy(out, length, from);
    return out;
  };
}

/**
 * `COPY (query) TO STDOUT WITH (FORMAT csv, HEADER)` on a connection of the pool, as CRLF-terminated
 * chunks pulled by the consumer (the socket is read only as fast as they are taken). The connection
 * goes back to the pool when the copy ends; a consumer that stops early (a client that went away), or
 * an error, discards it instead: it is mid-COPY and cannot take another query.
 */
export async function* copyCsvOut(pool: pg.Pool, query: RenderedQuery): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  let finished = false;
  try {
    const stream = client.query(copyTo(`COPY (${inlineParams(query)}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    const toCrlf = crlfRecordEnds();
    for await (const chunk of stream) yield toCrlf(chunk as Buffer);
    finished = true;
  } finally {
    client.release(finished ? undefined : true);
  }
}
