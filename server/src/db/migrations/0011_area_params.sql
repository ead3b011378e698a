-- reserved: filled by the work on area_params (a no-op until then)
SELECT 1;
