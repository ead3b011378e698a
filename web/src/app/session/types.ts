/** Shapes of the session data the console keeps (spec §3, API of /api/user, /api/area/*). */
import type { PermissionEntry } from '../../lib/permission';

export type { PermissionEntry };

interface Role {
  id: number | string;
  roleName: string;
}

export interface User {
  id: number | string;
  username: string;
  name: string;
  phone: string | null;
  company: string | null;
  roles: Role[];
  areaId: string;
  areaName: string | null;
  /** 0 nation, 1 province, 2 city, 3 district */
  areaLevel: number;
  /** 1 enterprise user, 2 area administrator, 3 super administrator */
  userLevel: number;
  siteId: string | null;
  /** an enterprise account's enterprise (it sees only that enterprise's data); null for regulators */
  brandId?: number | null;
  createTime: string | null;
  unavailableTime: string | null;
  idcardUrl: string | null;
  idcardBackUrl: string | null;
  creatorName: string | null;
  platformCode: string | null;
}

/** A node of the user's area tree (GET /api/area/user). */
export interface AreaNode {
  id: string;
  areaCode: string;
  areaName: string;
  parentId: string | null;
  level: number;
  aggregation: number;
  aggregationId: string | null;
  platformCode: string | null;
  children?: AreaNode[];
}

/** An entry of the national flat list (GET /api/area/all), 全国 root prepended. */
export interface NationalArea {
  id: string;
  areaName: string;
  parentId: string | null;
  level: number;
  areaCode?: string;
  aggregation?: number;
}

/** Loosely typed lists that later screens fill; kept here so the session holds every field. */
export type Row = Record<string, unknown>;
