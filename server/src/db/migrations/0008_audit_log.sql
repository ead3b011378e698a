-- reserved: filled by the work on audit_log (a no-op until then)
SELECT 1;
