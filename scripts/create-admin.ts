import { parseArgs } from "node:util";
import { closeDb } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { DomainError } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { createAccountRequestSchema } from "~/services/access/password-policy.server";
import { createOrganizationWithAdmin } from "~/services/access/users.server";

/** npm run create-admin -- --email E --password P [--organization NAME] */
async function main() {
  // The same check as the server's start: a production environment missing a key is refused before any write.
  env();
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, organization: { type: "string" } },
  });
  const parsed = createAccountRequestSchema.safeParse({
    email: values.email,
    password: values.password,
    organizationName: values.organization ?? "My Organization",
  });
  if (!parsed.success) {
    process.stderr.write(
      `${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n")}\n`,
    );
    process.stderr.write("Usage: npm run create-admin -- --email E --password P [--organization NAME]\n");
    process.exitCode = 2;
    return;
  }
  await migrateDatabase();
  try {
    const { admin, organization } = await createOrganizationWithAdmin(parsed.data);
    process.stdout.write(`Created admin ${admin.email} in organization "${organization.name}"\n`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}

await main().finally(closeDb);
