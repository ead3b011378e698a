/** What the sub-modules of 米单车管理 (/api/miApp) share. */
export const tags = ['米单车管理'];
