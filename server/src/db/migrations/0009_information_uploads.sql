-- reserved: filled by the work on information_uploads (a no-op until then)
SELECT 1;
