import { writeFileSync } from "node:fs";
import { adminTypesModule, GENERATED_TYPES_PATH } from "./admin-graphql/codegen";

/** `npm run graphql-codegen`: validates the app's Admin API documents and rewrites their types. */
try {
  writeFileSync(GENERATED_TYPES_PATH, adminTypesModule());
  process.stdout.write(`Wrote ${GENERATED_TYPES_PATH}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
