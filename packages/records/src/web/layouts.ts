import type { ReactNode } from 'react';
import type { RecordRow } from '../model/index.js';

/**
 * The list layouts the engine offers besides its table, chosen with `?layout=` in the list's URL
 * (so a layout can be linked and saved): a board of cards in columns, and a grid of cells.
 */
export type BoardLayoutOptions = {
  /** The toggle's words (default "Board"). */
  label?: string;
  /**
   * The field whose values are the columns: an `enum` (its options, in order) or a `reference`
   * (the referenced records in `columnSort` order, coloured by their `color` field when they have one).
   */
  groupBy: string;
  columnSort?: string;
  /** Column colours of an enum (value → CSS colour). */
  colors?: Readonly<Record<string, string>>;
  /** Where a card may be dragged: to the next column only (a pipeline), any column, or nowhere. Default `any`. */
  move?: 'next' | 'any' | 'none';
  /** Cards per column (the rest are counted: the list's filters find them). Default 25. */
  cardsPerColumn?: number;
  /** The cards' order in a column (the list's `sort`). */
  sort?: string;
  /** What a card shows under its title (the record's label). */
  renderCard?: (row: RecordRow) => ReactNode;
  /** The colour of a card's left edge (an overdue follow-up), or none. */
  accent?: (row: RecordRow) => string | undefined;
};

export type GridLayoutOptions = {
  /** The toggle's words (default "Grid"). */
  label?: string;
  /** A reference field chosen first (the project): the grid shows its records only. */
  scope: string;
  /** The field of the grid's sections (the block), and of its rows inside one (the floor, highest first when a number). */
  groupBy: string;
  rowsBy: string;
  /** The enum field a cell is coloured by (the status), its values' words and colours. */
  colorBy: string;
  colors: readonly { value: string; label: string; color: string }[];
  /** A cell's short text (default: the last two characters of the record's label). */
  cellText?: (row: RecordRow) => string;
};

export type ListLayouts = { board?: BoardLayoutOptions; grid?: GridLayoutOptions };
