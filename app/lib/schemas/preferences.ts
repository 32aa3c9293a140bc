import { z } from "zod";

/** PUT /api/user-preferences: any subset of the SPEC §3 preference fields. */
export const updatePreferencesSchema = z
  .object({
    adminNotificationEmail: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: "Invalid email address" })),
    enableAnalytics: z.boolean(),
    sendWelcomeEmail: z.boolean(),
    enableDoubleOptIn: z.boolean(),
    validateDiscountCode: z.boolean(),
    notifyOnSubscriptions: z.boolean(),
    dailySubscriberSummary: z.boolean(),
    alertOnUnsubscribeRate: z.boolean(),
  })
  .partial()
  .strict();

export type PreferencesUpdate = z.infer<typeof updatePreferencesSchema>;

/** GET/PUT /api/user-preferences: the user's notification settings (the confirmation token stays stored). */
export type PreferencesView = Required<PreferencesUpdate> & {
  /** A new address waiting for its mailed confirmation link; notifications still go to adminNotificationEmail. */
  pendingNotificationEmail: string | null;
};
