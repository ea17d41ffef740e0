import { compareMoney, isMoney } from '@propdesk/finance';
import type { Board, BoardEvent, BoardUnit } from './model.js';

/** What the board is narrowed to; empty strings and empty sets mean "any". */
export type BoardFilters = {
  statuses: ReadonlySet<string>;
  unitType: string;
  bedrooms: string;
  view: string;
  minArea: string;
  maxArea: string;
  minPrice: string;
  maxPrice: string;
};

export const NO_FILTERS: BoardFilters = { statuses: new Set(), unitType: '', bedrooms: '', view: '', minArea: '', maxArea: '', minPrice: '', maxPrice: '' };

/**
 * A stream event applied to the board's units: the unit takes the status and claim it had when the
 * event was read. Events come in id order, so the last one applied is the unit's newest state; an
 * event at or below the board's position, or for a unit the board does not show, changes nothing.
 */
export function applyEvent(units: ReadonlyMap<string, BoardUnit>, event: BoardEvent): Map<string, BoardUnit> | null {
  const unit = units.get(event.unitId);
  if (!unit) return null;
  if (unit.status === event.status && sameClaim(unit.claim, event.claim)) return null;
  const next = new Map(units);
  next.set(unit.id, { ...unit, status: event.status, claim: event.claim });
  return next;
}

const sameClaim = (a: BoardUnit['claim'], b: BoardUnit['claim']) =>
  a === b || (a !== null && b !== null && a.documentId === b.documentId && a.kind === b.kind && a.expiresAt === b.expiresAt && a.holderId === b.holderId);

/** Counts by status, of the whole board and of each block. */
export function countByStatus(units: Iterable<BoardUnit>): { all: Record<string, number>; byBlock: Map<string, Record<string, number>> } {
  const all: Record<string, number> = {};
  const byBlock = new Map<string, Record<string, number>>();
  for (const unit of units) {
    all[unit.status] = (all[unit.status] ?? 0) + 1;
    let block = byBlock.get(unit.block);
    if (!block) byBlock.set(unit.block, (block = {}));
    block[unit.status] = (block[unit.status] ?? 0) + 1;
  }
  return { all, byBlock };
}

/** A decimal-string bound: null when empty or not a number (then it does not filter). */
const bound = (text: string) => {
  const value = text.trim();
  return value !== '' && isMoney(value) ? value : null;
};

/** Whether a unit passes the filters (prices compared as decimals, never floats). */
export function matches(unit: BoardUnit, filters: BoardFilters): boolean {
  if (filters.statuses.size > 0 && !filters.statuses.has(unit.status)) return false;
  if (filters.unitType && unit.unitTypeId !== filters.unitType) return false;
  if (filters.bedrooms) {
    const wanted = Number(filters.bedrooms);
    if (unit.bedrooms === null || (filters.bedrooms.endsWith('+') ? unit.bedrooms < Number.parseInt(filters.bedrooms, 10) : unit.bedrooms !== wanted)) return false;
  }
  if (filters.view && unit.view !== filters.view) return false;
  const within = (value: string | null, min: string | null, max: string | null) =>
    (min === null && max === null) || (value !== null && (min === null || compareMoney(value, min) >= 0) && (max === null || compareMoney(value, max) <= 0));
  if (!within(unit.areaM2, bound(filters.minArea), bound(filters.maxArea))) return false;
  if (!within(unit.basePrice, bound(filters.minPrice), bound(filters.maxPrice))) return false;
  return true;
}

/** The distinct choices of the filters, from the board itself. */
export function filterChoices(board: Board) {
  const types = new Map<string, string>();
  const views = new Set<string>();
  const bedrooms = new Set<number>();
  for (const unit of board.units) {
    if (unit.unitTypeId) types.set(unit.unitTypeId, unit.unitType ?? unit.unitTypeId);
    if (unit.view) views.add(unit.view);
    if (unit.bedrooms !== null) bedrooms.add(unit.bedrooms);
  }
  return {
    types: [...types].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    views: [...views].sort((a, b) => a.localeCompare(b)),
    bedrooms: [...bedrooms].sort((a, b) => a - b),
  };
}

/** Units of one block by floor, top floor first, each floor's units by code. */
export function floorsOf(units: Iterable<BoardUnit>, block: string): { floor: number; units: BoardUnit[] }[] {
  const floors = new Map<number, BoardUnit[]>();
  for (const unit of units) {
    if (unit.block !== block) continue;
    const list = floors.get(unit.floor) ?? [];
    list.push(unit);
    floors.set(unit.floor, list);
  }
  return [...floors]
    .sort(([a], [b]) => b - a)
    .map(([floor, list]) => ({ floor, units: list.sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true })) }));
}

/** Black or white text, whichever reads better on the status colour. */
export function textOn(color: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return '#000';
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.179 ? '#000' : '#fff';
}
