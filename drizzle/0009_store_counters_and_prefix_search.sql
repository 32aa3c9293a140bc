CREATE TABLE "store_counters" (
	"store_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"subscribers" bigint DEFAULT 0 NOT NULL,
	"active_subscribers" bigint DEFAULT 0 NOT NULL,
	"coupons_used" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "store_counters_pk" PRIMARY KEY("store_id","shard")
);
--> statement-breakpoint
ALTER TABLE "store_counters" ADD CONSTRAINT "store_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribers_store_email_prefix_idx" ON "subscribers" USING btree ("store_id",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscribers_store_name_prefix_idx" ON "subscribers" USING btree ("store_id",lower("name") text_pattern_ops);--> statement-breakpoint
-- store_counters is kept by the database itself: every statement that adds, removes or changes
-- subscribers adds its net change per store to the shard of the session (pg_backend_pid() % 64), so
-- concurrent subscribes to one store do not wait on each other's row lock (with 16 shards, 20 pooled
-- sessions already collided). A store deleted in the same transaction is skipped: its counters go
-- with it (ON DELETE CASCADE). PL/pgSQL, not SQL: it keeps the statement's plan for the session
-- instead of planning it again for every subscribe.
CREATE FUNCTION store_counters_add(changed_store uuid, subscriber_change bigint, active_change bigint, coupon_change bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_counters AS counter (store_id, shard, subscribers, active_subscribers, coupons_used)
  SELECT changed_store, (pg_backend_pid() % 64)::smallint, subscriber_change, active_change, coupon_change
  WHERE EXISTS (SELECT 1 FROM stores WHERE stores.id = changed_store)
  ON CONFLICT (store_id, shard) DO UPDATE SET
    subscribers = counter.subscribers + excluded.subscribers,
    active_subscribers = counter.active_subscribers + excluded.active_subscribers,
    coupons_used = counter.coupons_used + excluded.coupons_used;
END
$$;--> statement-breakpoint
CREATE FUNCTION store_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_counters_add(store_id, count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE discount_code_used))
  FROM inserted_subscribers GROUP BY store_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION store_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_counters_add(store_id, -count(*), -count(*) FILTER (WHERE is_active), -count(*) FILTER (WHERE discount_code_used))
  FROM deleted_subscribers GROUP BY store_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Most updates (confirmation, consent sync) change no counted column: the net change is zero and
-- nothing is written.
CREATE FUNCTION store_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_counters_add(store_id, subscriber_change, active_change, coupon_change)
  FROM (
    SELECT
      store_id,
      sum(sign) AS subscriber_change,
      coalesce(sum(sign) FILTER (WHERE is_active), 0) AS active_change,
      coalesce(sum(sign) FILTER (WHERE discount_code_used), 0) AS coupon_change
    FROM (
      SELECT store_id, 1 AS sign, is_active, discount_code_used FROM updated_subscribers
      UNION ALL
      SELECT store_id, -1, is_active, discount_code_used FROM previous_subscribers
    ) AS changes
    GROUP BY store_id
  ) AS net
  WHERE subscriber_change <> 0 OR active_change <> 0 OR coupon_change <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION store_counters_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM store_counters;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER subscribers_count_inserts AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS inserted_subscribers FOR EACH STATEMENT EXECUTE FUNCTION store_counters_after_insert();--> statement-breakpoint
CREATE TRIGGER subscribers_count_deletes AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS deleted_subscribers FOR EACH STATEMENT EXECUTE FUNCTION store_counters_after_delete();--> statement-breakpoint
CREATE TRIGGER subscribers_count_updates AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS previous_subscribers NEW TABLE AS updated_subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION store_counters_after_update();--> statement-breakpoint
CREATE TRIGGER subscribers_count_truncates AFTER TRUNCATE ON subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION store_counters_after_truncate();--> statement-breakpoint
-- Existing subscribers, counted while the triggers above (created in this transaction) hold off writes.
INSERT INTO store_counters (store_id, shard, subscribers, active_subscribers, coupons_used)
SELECT store_id, 0, count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE discount_code_used)
FROM subscribers GROUP BY store_id;
