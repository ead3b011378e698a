/** Helpers for writing SQL text by hand. */

/** Escapes LIKE wildcards of user input. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');
