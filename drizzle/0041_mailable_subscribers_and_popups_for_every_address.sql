ALTER TABLE "popup_configs" ALTER COLUMN "subtitle" SET DEFAULT 'Sign up and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.';--> statement-breakpoint
ALTER TABLE "popup_configs" ALTER COLUMN "email_validation" SET DEFAULT '{"companyEmailsOnly":false,"allowedDomains":[],"blockedDomains":["gmail","yahoo","hotmail","outlook"]}'::jsonb;--> statement-breakpoint
ALTER TABLE "store_counters" ADD COLUMN "mailable_subscribers" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_counters" ADD COLUMN "unconfirmed_subscribers" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_counters" ADD COLUMN "suppressed_subscribers" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A popup that accepts every address no longer asks for a business email in SPEC's built-in subtitle.
UPDATE popup_configs
SET subtitle = 'Sign up and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.'
WHERE subtitle = 'Sign up with your business email and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.'
  AND NOT coalesce((email_validation ->> 'companyEmailsOnly')::boolean, false);--> statement-breakpoint
-- Counted subscribers split by whether mail reaches them, so the dashboard's total is whom a campaign to every
-- subscriber reaches (campaigns/audience.server.ts) without counting a million rows. Writers wait until the
-- counters are recounted at the end of this migration.
LOCK TABLE subscribers IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- One state per subscriber, the first that applies: suppressed (bounced or complained), unsubscribed,
-- unconfirmed (double opt-in asked and not given), else mailable. Plain SQL, so the planner inlines it.
CREATE FUNCTION subscriber_mailing_state(is_active boolean, unsubscribed_at timestamptz, suppression email_suppression,
  confirmation_required boolean, confirmed_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN suppression IS NOT NULL THEN 'suppressed'
    WHEN NOT is_active OR unsubscribed_at IS NOT NULL THEN 'unsubscribed'
    WHEN confirmation_required AND confirmed_at IS NULL THEN 'unconfirmed'
    ELSE 'mailable'
  END
$$;--> statement-breakpoint
DROP FUNCTION store_counters_add(uuid, bigint, bigint, bigint);--> statement-breakpoint
CREATE FUNCTION store_counters_add(changed_store uuid, subscriber_change bigint, active_change bigint,
  coupon_change bigint, mailable_change bigint, unconfirmed_change bigint, suppressed_change bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_counters AS counter (store_id, shard, subscribers, active_subscribers, coupons_used,
    mailable_subscribers, unconfirmed_subscribers, suppressed_subscribers)
  SELECT changed_store, (pg_backend_pid() % 64)::smallint, subscriber_change, active_change, coupon_change,
    mailable_change, unconfirmed_change, suppressed_change
  WHERE EXISTS (SELECT 1 FROM stores WHERE stores.id = changed_store)
  ON CONFLICT (store_id, shard) DO UPDATE SET
    subscribers = counter.subscribers + excluded.subscribers,
    active_subscribers = counter.active_subscribers + excluded.active_subscribers,
    coupons_used = counter.coupons_used + excluded.coupons_used,
    mailable_subscribers = counter.mailable_subscribers + excluded.mailable_subscribers,
    unconfirmed_subscribers = counter.unconfirmed_subscribers + excluded.unconfirmed_subscribers,
    suppressed_subscribers = counter.suppressed_subscribers + excluded.suppressed_subscribers;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_counters_add(store_id, count(*), count(*) FILTER (WHERE is_active),
    count(*) FILTER (WHERE discount_code_used), count(*) FILTER (WHERE state = 'mailable'),
    count(*) FILTER (WHERE state = 'unconfirmed'), count(*) FILTER (WHERE state = 'suppressed'))
  FROM (
    SELECT store_id, is_active, discount_code_used,
      subscriber_mailing_state(is_active, unsubscribed_at, suppression, confirmation_required, confirmed_at) AS state
    FROM inserted_subscribers
  ) AS inserted GROUP BY store_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_counters_add(store_id, -count(*), -count(*) FILTER (WHERE is_active),
    -count(*) FILTER (WHERE discount_code_used), -count(*) FILTER (WHERE state = 'mailable'),
    -count(*) FILTER (WHERE state = 'unconfirmed'), -count(*) FILTER (WHERE state = 'suppressed'))
  FROM (
    SELECT store_id, is_active, discount_code_used,
      subscriber_mailing_state(is_active, unsubscribed_at, suppression, confirmation_required, confirmed_at) AS state
    FROM deleted_subscribers
  ) AS deleted GROUP BY store_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Most updates (a consent sync, a city) change no counted column or state: the net change is zero and
-- nothing is written.
CREATE OR REPLACE FUNCTION store_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_counters_add(store_id, subscriber_change, active_change, coupon_change, mailable_change,
    unconfirmed_change, suppressed_change)
  FROM (
    SELECT
      store_id,
      sum(sign) AS subscriber_change,
      coalesce(sum(sign) FILTER (WHERE is_active), 0) AS active_change,
      coalesce(sum(sign) FILTER (WHERE discount_code_used), 0) AS coupon_change,
      coalesce(sum(sign) FILTER (WHERE state = 'mailable'), 0) AS mailable_change,
      coalesce(sum(sign) FILTER (WHERE state = 'unconfirmed'), 0) AS unconfirmed_change,
      coalesce(sum(sign) FILTER (WHERE state = 'suppressed'), 0) AS suppressed_change
    FROM (
      SELECT store_id, 1 AS sign, is_active, discount_code_used,
        subscriber_mailing_state(is_active, unsubscribed_at, suppression, confirmation_required, confirmed_at) AS state
      FROM updated_subscribers
      UNION ALL
      SELECT store_id, -1, is_active, discount_code_used,
        subscriber_mailing_state(is_active, unsubscribed_at, suppression, confirmation_required, confirmed_at)
      FROM previous_subscribers
    ) AS changes
    GROUP BY store_id
  ) AS net
  WHERE subscriber_change <> 0 OR active_change <> 0 OR coupon_change <> 0 OR mailable_change <> 0
    OR unconfirmed_change <> 0 OR suppressed_change <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The existing subscribers' states, counted while writers wait (the lock above): into shard 0, the other
-- shards' new columns staying 0.
INSERT INTO store_counters AS counter (store_id, shard, mailable_subscribers, unconfirmed_subscribers, suppressed_subscribers)
SELECT store_id, 0, count(*) FILTER (WHERE state = 'mailable'), count(*) FILTER (WHERE state = 'unconfirmed'),
  count(*) FILTER (WHERE state = 'suppressed')
FROM (
  SELECT store_id,
    subscriber_mailing_state(is_active, unsubscribed_at, suppression, confirmation_required, confirmed_at) AS state
  FROM subscribers
) AS existing
GROUP BY store_id
ON CONFLICT (store_id, shard) DO UPDATE SET
  mailable_subscribers = excluded.mailable_subscribers,
  unconfirmed_subscribers = excluded.unconfirmed_subscribers,
  suppressed_subscribers = excluded.suppressed_subscribers;
