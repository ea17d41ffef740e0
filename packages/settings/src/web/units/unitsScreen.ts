import { UnitsPage } from './UnitsPage.js';

/** The Units screen (named as the engine's screens are, so tests find its resource). */
export const unitsScreen = Object.assign(UnitsPage, { displayName: 'ResourceScreen(units)' });
