import { apiRoute } from "~/http/json.server";

/**
 * GET /api/stores/:storeId/subscribers/export.csv is answered before React Router, by
 * app/http/subscriber-export.server.ts: this adapter would keep every streamed chunk of a large
 * export in memory until the response ended. The route stays in the route table for every other
 * method, which gets 405.
 */
const { loader, action } = apiRoute({});

export { action, loader };
