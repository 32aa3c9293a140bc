import pg from "pg";
import type { E2EServer } from "./servers";

/** Runs `work` with a client connected to the server's own database, closed afterwards. */
export async function withClient<T>(server: E2EServer, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
