import type { ResourcePageProps } from '@propdesk/records/web';
import { ReservationPanel } from './ReservationPanel.web.js';
import { reservationExtension } from './reservationForm.web.js';

/** What the reservation screens add to the engine's page: the form's buyers, hold and preview; the view's panel. */
export const reservationExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  formExtension: reservationExtension,
  renderExtra: (record) => <ReservationPanel record={record} />,
};
