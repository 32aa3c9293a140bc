ALTER TABLE "email_templates" ALTER COLUMN "subject" SET DEFAULT 'Thank you for subscribing! Here is your [DISCOUNT_PERCENT]% discount';--> statement-breakpoint
ALTER TABLE "email_templates" ALTER COLUMN "body_content" SET DEFAULT 'Hi [First Name],

Thank you for subscribing to our newsletter. As a welcome gift, here is your one-time [DISCOUNT_PERCENT]% discount code: [DISCOUNT_CODE]

Use it at checkout on your next order.';--> statement-breakpoint
ALTER TABLE "popup_configs" ALTER COLUMN "subtitle" SET DEFAULT 'Sign up with your business email and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.';