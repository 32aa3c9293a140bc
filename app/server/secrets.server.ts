import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/server/env.server";

type Secrets = { sessionSecret: string; encryptionKey: Buffer };

let cached: Secrets | undefined;

/**
 * SESSION_SECRET and ENCRYPTION_KEY from the environment (production does not start without them, see
 * app/server/env.server.ts). Outside production a missing one is generated once into DATA_DIR/secrets.json
 * so that `npm run dev` needs no setup and restarts keep sessions and encrypted values readable.
 */
export function secrets(): Secrets {
  if (cached) return cached;
  const { SESSION_SECRET, ENCRYPTION_KEY, DATA_DIR } = env();
  if (SESSION_SECRET && ENCRYPTION_KEY) {
    cached = { sessionSecret: SESSION_SECRET, encryptionKey: Buffer.from(ENCRYPTION_KEY, "hex") };
    return cached;
  }
  const file = path.resolve(DATA_DIR, "secrets.json");
  const stored = readStored(file) ?? writeStored(file);
  cached = {
    sessionSecret: SESSION_SECRET ?? stored.sessionSecret,
    encryptionKey: Buffer.from(ENCRYPTION_KEY ?? stored.encryptionKey, "hex"),
  };
  return cached;
}

type StoredSecrets = { sessionSecret: string; encryptionKey: string };

function readStored(file: string): StoredSecrets | undefined {
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, "utf8")) as StoredSecrets;
}

function writeStored(file: string): StoredSecrets {
  const generated = {
    sessionSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("hex"),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return generated;
}
