import { resourceModule } from '@propdesk/records/server';
import { reservationPayments } from './definition.js';
import { reservationFeeRollup, reservationPaymentHooks } from './lifecycle.server.js';

/** A reservation's payments (approved by finance), and the paid fee the reservation keeps from them. */
export default resourceModule({
  id: 'reservation-payments',
  resources: [reservationPayments],
  rollups: [reservationFeeRollup],
  hooks: ({ engine, notify }) => ({ 'reservation-payments': reservationPaymentHooks(engine, notify) }),
});
