import { holdDemoSetups } from '../resources/hold-requests/demo.server.js';
import { leadDemoSetups } from '../resources/leads/demo.server.js';

/**
 * The sales setups of the demo company, as reference rows for the engine's seed: each folder's own
 * (`demo.server.ts`), in the order they are written (hold request setups, then lead validity rules).
 */
export function salesDemoSetups() {
  return [...holdDemoSetups(), ...leadDemoSetups()] as const;
}
