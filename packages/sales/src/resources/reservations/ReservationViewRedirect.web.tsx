import { Navigate, useSearchParams } from 'react-router';
import { reservationLinks } from './links.js';

/** `/reservations/view?id=` (the spec's view route and the links in notifications): the reservation's view in the list. */
export default function ReservationViewRedirect() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? search.get('record');
  return <Navigate replace to={id ? reservationLinks.link(id) : reservationLinks.route} />;
}
