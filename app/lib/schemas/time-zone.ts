import { z } from "zod";

/** An IANA time zone the runtime knows (UTC included). */
export const timeZoneSchema = z
  .string({ error: "Time zone must be text" })
  .refine((zone) => Intl.supportedValuesOf("timeZone").includes(zone) || zone === "UTC", {
    error: "Time zone must be an IANA zone like Europe/Paris",
  });
