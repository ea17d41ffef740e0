/** The unit statuses, read-only reference data every screen colours units by (a migration writes them). */
export const UNIT_STATUS_ROWS = [
  { name: 'available', label: 'Available', color: '#2e7d32', sortOrder: 1, description: 'Free to hold or reserve.' },
  { name: 'on_hold', label: 'On hold', color: '#f9a825', sortOrder: 2, description: 'Held for a customer until the hold expires.' },
  { name: 'reserved', label: 'Reserved', color: '#1a73e8', sortOrder: 3, description: 'A confirmed reservation.' },
  { name: 'contracted', label: 'Contracted', color: '#6a1b9a', sortOrder: 4, description: 'Under a signed contract.' },
  { name: 'sold', label: 'Sold', color: '#455a64', sortOrder: 5, description: 'Fully paid.' },
  { name: 'blocked', label: 'Blocked', color: '#c62828', sortOrder: 6, description: 'Taken off sale by management.' },
] as const;
