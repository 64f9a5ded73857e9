-- Custom migration: the per-year day bitmaps of 0008 filled from the session days stored before them (the same SQL as
-- AnalyticsRepository.rebuildRollups, over every client).
INSERT INTO "analytics"."session_year_users" (client_id, year, user_id, days)
SELECT client_id, extract(year FROM day)::int, user_id, bit_or(set_bit(0::bit(366), extract(doy FROM day)::int - 1, 1))
FROM "analytics"."session_day_users" GROUP BY 1, 2, 3;
