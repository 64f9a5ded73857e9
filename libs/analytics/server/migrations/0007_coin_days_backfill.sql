-- Custom migration: the daily coin rollup of 0006 filled from the movements stored before it (the same sums as
-- AnalyticsRepository.addCoinMovement keeps live).
INSERT INTO "analytics"."coin_days" (client_id, day, accrual, cancel, purchase, nullify)
SELECT client_id, day, coalesce(sum(coins) FILTER (WHERE kind = 'accrual'), 0), coalesce(sum(coins) FILTER (WHERE kind = 'cancel'), 0),
       coalesce(sum(coins) FILTER (WHERE kind = 'purchase'), 0), coalesce(sum(coins) FILTER (WHERE kind = 'nullify'), 0)
FROM "analytics"."coin_movements" GROUP BY 1, 2;
