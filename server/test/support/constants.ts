export const TEST_ADMIN_PASSWORD = 'Admin12345';
