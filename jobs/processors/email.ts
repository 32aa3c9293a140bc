import { z } from "zod";
import { issuePasswordResetLink } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { sendSystemMail, usesOutbox } from "~/services/mail.server";
import { passwordResetMail } from "~/services/system-mail.server";

export const emailJobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("password-reset"), userId: z.uuid() }),
]);

export type EmailJob = z.infer<typeof emailJobSchema>;

export async function processEmailJob(job: EmailJob): Promise<void> {
  switch (job.type) {
    case "password-reset": {
      const issued = await issuePasswordResetLink(job.userId);
      if (!issued) return;
      await sendSystemMail(passwordResetMail(issued.email, issued.link));
      // Without SMTP the developer reads the link from the log (the .eml file holds it too).
      if (usesOutbox()) logger().info({ to: issued.email, link: issued.link }, "password reset link");
      return;
    }
  }
}
