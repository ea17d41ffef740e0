import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Notification } from '../../model/index.js';

/** msw handlers for the notification lists of user u1 and department d1, counting the calls. */
export function notificationServer() {
  const calls = { user: 0, department: 0 };
  const lists: { user: Notification[] | 'fail'; department: Notification[] | 'fail' } = { user: [], department: [] };
  const answer = (list: Notification[] | 'fail') =>
    list === 'fail' ? HttpResponse.text('boom', { status: 500 }) : HttpResponse.json(list);
  const listHandlers = [
    http.get('*/api/notifications/user/u1', () => {
      calls.user += 1;
      return answer(lists.user);
    }),
    http.get('*/api/notifications/department/d1', () => {
      calls.department += 1;
      return answer(lists.department);
    }),
  ];
  const server = setupServer(...listHandlers);
  return { server, calls, lists };
}
