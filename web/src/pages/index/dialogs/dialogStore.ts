/**
 * The home screen's dialogs as a stack: a panel (or the map, through homeStore.siteAction) opens
 * one; a dialog may open another on top (a brand's sites → the bikes of one site). Closing pops.
 */
import { create } from 'zustand';
import type { SiteMessage } from '../types';

export type DialogSpec =
  | { kind: 'enterprise'; brandId: number; brandName: string }
  | { kind: 'brandSites'; brandId: number; brandName: string }
  | { kind: 'siteBikes'; siteId: string; siteName?: string; brandId?: number; brandName?: string; bikeType?: 0 | 1 }
  | { kind: 'todayHistory' }
  | { kind: 'siteMessage'; siteId: string; siteName: string; message?: SiteMessage }
  | { kind: 'filingCheck' }
  | { kind: 'siteRank' }
  | { kind: 'notUpload'; brandId?: number }
  | { kind: 'siteUsage'; siteId: string; siteName: string }
  | { kind: 'usageExport'; siteId: string; siteName: string; year: number; month?: number; day?: number }
  | { kind: 'trend' }
  | { kind: 'siteChart'; title: string; f?: 1 | 2 | 3 | 4; flag?: number; count: number }
  | { kind: 'fullPile' }
  | { kind: 'siteRatio'; siteId: string; siteName: string };

interface DialogState {
  stack: DialogSpec[];
  open: (spec: DialogSpec) => void;
  close: () => void;
  closeAll: () => void;
}

export const useDialogs = create<DialogState>()((set) => ({
  stack: [],
  open: (spec) => set((s) => ({ stack: [...s.stack, spec] })),
  close: () => set((s) => ({ stack: s.stack.slice(0, -1) })),
  closeAll: () => set({ stack: [] }),
}));

/** Open a dialog from anywhere (event handlers). */
export const openDialog = (spec: DialogSpec) => useDialogs.getState().open(spec);
