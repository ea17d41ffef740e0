import { resourceModule } from '@propdesk/records/server';
import { reservationFeeRollup, reservationPaymentHooks } from './lifecycle.server.js';

/** A reservation's payments (approved by finance), and the paid fee the reservation keeps from them. */
export default resourceModule({
  id: 'reservation-payments',
  rollups: [reservationFeeRollup],
  hooks: ({ engine, notify }) => ({ 'reservation-payments': reservationPaymentHooks(engine, notify) }),
});
