/** What the operators and the pile gateway send: the open API's items, grouped per operator. */

export interface OrderItem {
  orderId: string;
  bikeId: string;
  event: 'rent' | 'return';
  at: string;
  lon: number;
  lat: number;
  siteId?: string;
  fee?: number;
  userPhone?: string;
}
interface StatusItem {
  bikeId: string;
  status: 1 | 2;
  lon: number;
  lat: number;
  reportedAt: string;
  /** The operator reports the bike faulty (abnormal type 5). */
  fault?: true;
  faultReason?: string;
}
interface DispatchItem {
  dispatchId: string;
  bikeId: string;
  action: 'up' | 'down';
  siteId: string;
  at: string;
}
export interface ScanItem {
  equipmentMac: string;
  siteId: string;
  power: number;
  at: string;
  /** What the pile heard (absent: a power-only report); `illegal` marks a device the pile refuses (abnormal type 2). */
  seen?: { mac: string; name: string; rssi: number; illegal?: true }[];
}

/** What one window sends: per brand (index) for operators, one list for the pile gateway. */
export interface Outbox {
  orders: OrderItem[][];
  status: StatusItem[][];
  dispatch: DispatchItem[][];
  scans: ScanItem[];
}

export const emptyOutbox = (brands: number): Outbox => ({
  orders: Array.from({ length: brands }, () => []),
  status: Array.from({ length: brands }, () => []),
  dispatch: Array.from({ length: brands }, () => []),
  scans: [],
});

export const mergeOutbox = (a: Outbox, b: Outbox): Outbox => ({
  orders: a.orders.map((x, i) => [...x, ...b.orders[i]]),
  status: a.status.map((x, i) => [...x, ...b.status[i]]),
  dispatch: a.dispatch.map((x, i) => [...x, ...b.dispatch[i]]),
  scans: [...a.scans, ...b.scans],
});
