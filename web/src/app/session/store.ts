import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { FILL, PAGE } from '../../lib/constants';
import type { AreaNode, NationalArea, PermissionEntry, Row, User } from './types';

/** localStorage key holding the persisted session. */
export const STORAGE_KEY = 'sbs-console';

/** Fields saved to localStorage (spec §3 "Persisted"). */
export interface PersistedSession {
  authorization: string;
  permissions: PermissionEntry[];
  user: User | null;
  selfAreaId: string;
  /** the user's own area (root of the area tree) */
  selfAddress: AreaNode | null;
  /** the user's area tree */
  areaAll: AreaNode[];
  /** area level of the current view */
  level: number;
  userCurrentPage: number;
  /** site message count */
  siteMessageLength: number;
  historyData: Row[];
  fullPileNum: number;
  fullPileName: string;
  isAggregation: boolean;
  /** area chain the user picked in the area side bar */
  userSelectAddressData: string[];
  ratioSites: Row[];
  illegalBikes: Row[];
  siteId: string;
}

/** Fields held in memory only (spec §3 "Also held"). */
export interface HeldSession {
  sliders: Row[];
  currpath: string;
  siteMessage: Row[];
  nationalArea: NationalArea[];
  brands: Row[];
  dispatcherList: Row[];
  replyTypeList: Row[];
  tableDataBrands: Row[];
}

export type SessionData = PersistedSession & HeldSession;

export interface SessionActions {
  /** set any fields */
  patch: (fields: Partial<SessionData>) => void;
  /** after a successful login: reset the login fields, then keep token and user */
  login: (token: string, user: User) => void;
  /** clear the session and remove the persisted key */
  logout: () => void;
}

export const persistedDefaults = (): PersistedSession => ({
  authorization: '',
  permissions: [],
  user: null,
  selfAreaId: '',
  selfAddress: null,
  areaAll: [],
  level: 0,
  userCurrentPage: PAGE.defaultSize,
  siteMessageLength: 0,
  historyData: [],
  fullPileNum: FILL.defaultFullPileNum,
  fullPileName: FILL.defaultFullPileName,
  isAggregation: false,
  userSelectAddressData: [],
  ratioSites: [],
  illegalBikes: [],
  siteId: '',
});

export const heldDefaults = (): HeldSession => ({
  sliders: [],
  currpath: '',
  siteMessage: [],
  nationalArea: [],
  brands: [],
  dispatcherList: [],
  replyTypeList: [],
  tableDataBrands: [],
});

/**
 * Persisted fields kept out of localStorage: the area tree is loaded again with the session (spec §2
 * guard, and the home screen's bootstrap) and for a national user is the whole country (~0.8 MB).
 */
const UNSTORED_KEYS: ReadonlyArray<keyof PersistedSession> = ['areaAll'];
const PERSISTED_KEYS = (Object.keys(persistedDefaults()) as Array<keyof PersistedSession>).filter((k) => !UNSTORED_KEYS.includes(k));

/** What goes to localStorage: the small persisted fields; selfAddress without its subtree (which is areaAll). */
function storedPart(s: SessionData): Partial<PersistedSession> {
  const out = Object.fromEntries(PERSISTED_KEYS.map((k) => [k, s[k]])) as Partial<PersistedSession>;
  if (s.selfAddress) {
    const { children: _subtree, ...node } = s.selfAddress;
    out.selfAddress = node;
  }
  return out;
}

/**
 * localStorage that skips a write when the text is the one it wrote last: every set() of the store
 * (a poll patching held fields) would otherwise serialise and rewrite the session.
 */
export function unchangedSkipping(storage: Storage): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const last = new Map<string, string>();
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      if (last.get(name) === value && storage.getItem(name) !== null) return;
      storage.setItem(name, value);
      last.set(name, value);
    },
    removeItem: (name) => {
      last.delete(name);
      storage.removeItem(name);
    },
  };
}

/** Fields reset by login (spec §4 Session). */
export const LOGIN_RESET_KEYS = ['user', 'permissions', 'selfAreaId', 'areaAll', 'selfAddress', 'userSelectAddressData'] as const;
/** Fields cleared by logout: the login ones plus these (spec §4 Session). */
export const LOGOUT_CLEAR_KEYS = [...LOGIN_RESET_KEYS, 'authorization', 'level', 'siteMessageLength', 'historyData', 'currpath', 'tableDataBrands'] as const;

function pick<K extends keyof SessionData>(keys: readonly K[]): Pick<SessionData, K> {
  const all: SessionData = { ...persistedDefaults(), ...heldDefaults() };
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<SessionData, K>;
}

/** userLevel below 2 has no selfAreaId (spec §6). */
export function selfAreaIdOf(user: User | null): string {
  return user && user.userLevel >= 2 ? user.areaId : '';
}

export const useSession = create<SessionData & SessionActions>()(
  persist(
    (set) => ({
      ...persistedDefaults(),
      ...heldDefaults(),
      patch: (fields) => set(fields),
      login: (token, user) => set({ ...pick(LOGIN_RESET_KEYS), authorization: token, user, selfAreaId: selfAreaIdOf(user) }),
      logout: () => {
        set(pick(LOGOUT_CLEAR_KEYS));
        useSession.persist.clearStorage();
      },
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => unchangedSkipping(localStorage)),
      partialize: (s) => storedPart(s),
    },
  ),
);

/** Current token, for code outside React. */
export const getToken = (): string => useSession.getState().authorization;
