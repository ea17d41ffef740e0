// Hold requests, as the other sales folders use them: a hold converted into the reservation made from it.
export { convertHold } from './lifecycle.server.js';
