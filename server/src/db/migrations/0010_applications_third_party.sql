-- reserved: filled by the work on applications_third_party (a no-op until then)
SELECT 1;
