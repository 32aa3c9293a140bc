-- Storefront subscriptions wrote the subscriber's lower-cased email into the postal address column (a query
-- placeholder shared its name). Nobody types their email as their postal address: those values are cleared.
UPDATE subscribers SET address = NULL WHERE address = lower(email);
