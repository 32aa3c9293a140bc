import { isDatabaseBusy } from "~/db/errors.server";
import {
  type InsertedSubscription,
  insertSubscriptions,
  type SubscriptionRow,
} from "./subscription-insert.server";

/**
 * Gathers the subscriptions that reach the database in one turn of the event loop into one statement
 * (subscription-insert.server.ts, docs/decisions/205). A batch holds one row per store and address: the same
 * address again starts the next batch, so each row's answer (new or not) is its own. A batch that fails is
 * tried again row by row, so one bad row fails alone and the others are stored; one that got no database
 * connection fails as a whole (each request answers that the database is busy, as one statement would), so an
 * overloaded database is not asked for a connection per row.
 */

/** The most rows one statement carries: enough for a burst, short enough to hold its locks briefly. */
const MAX_ROWS = 100;

type Waiting = {
  row: SubscriptionRow;
  resolve: (stored: InsertedSubscription | undefined) => void;
  reject: (error: unknown) => void;
};

let gathering: Waiting[] = [];
let addresses = new Set<string>();

function send(batch: Waiting[]): void {
  insertSubscriptions(batch.map(({ row }) => row)).then(
    (stored) => {
      for (const [index, waiting] of batch.entries()) waiting.resolve(stored.get(index));
    },
    (error: unknown) => {
      if (batch.length === 1 || isDatabaseBusy(error)) for (const waiting of batch) waiting.reject(error);
      else for (const waiting of batch) send([waiting]);
    },
  );
}

function sendGathered(): void {
  const batch = gathering;
  gathering = [];
  addresses = new Set();
  if (batch.length > 0) send(batch);
}

/**
 * Stores one subscription with the others of this turn: its row as stored, or undefined when its address
 * was already on the store's list.
 */
export function insertSubscription(row: SubscriptionRow): Promise<InsertedSubscription | undefined> {
  return new Promise((resolve, reject) => {
    const address = `${row.storeId}:${row.lowerEmail}`;
    if (addresses.has(address) || gathering.length >= MAX_ROWS) sendGathered();
    if (gathering.length === 0) setImmediate(sendGathered);
    gathering.push({ row, resolve, reject });
    addresses.add(address);
  });
}
