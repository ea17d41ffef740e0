import { apiRequest } from '@propdesk/api-client';
import { createChecker, type Privilege, type PrivilegeChecker } from '@propdesk/privileges';
import { useEffect, useState } from 'react';

type Envelope<T> = { status: 'OK'; data: T; message?: string };

export type DuplicateMatch = {
  id: string;
  visible: boolean;
  fullName: string | null;
  ownerName: string | null;
  validUntil: string | null;
  matchedOn: 'phone' | 'email';
  link: string | null;
};

export type Activity = { id: string; at: string; outcome: string | null; notes: string | null; nextFollowUpAt: string | null; refLabels: Record<string, string | null>; createdBy: string | null };

const json = { headers: { 'X-Change-Source': 'screen' } };

export const leadApi = {
  duplicates: (params: { phone?: string; email?: string; excludeId?: string }, signal?: AbortSignal) => {
    const query = new URLSearchParams(Object.entries(params).filter(([, value]) => Boolean(value)) as [string, string][]);
    return apiRequest<Envelope<{ phone: string | null; matches: DuplicateMatch[] }>>(`/api/leads/duplicates?${query.toString()}`, signal ? { signal } : {});
  },
  claim: (id: string, reason?: string) => apiRequest<Envelope<{ id: string; notified: boolean }>>(`/api/leads/${id}/claim`, { method: 'POST', body: reason ? { reason } : {}, ...json }),
  assign: (ids: string[], userId: string | null) => apiRequest<Envelope<{ changed: number }>>('/api/leads/assign', { method: 'POST', body: { ids, userId }, ...json }),
  convert: (id: string, body: Record<string, unknown>) => apiRequest<Envelope<{ id: string }>>(`/api/leads/${id}/convert`, { method: 'POST', body, ...json }),
  activities: (id: string) => apiRequest<Envelope<Activity[]>>(`/api/leads/${id}/activities`),
  logActivity: (body: Record<string, unknown>) => apiRequest<Envelope<Activity>>('/api/lead-activities', { method: 'POST', body, ...json }),
  create: (body: Record<string, unknown>) => apiRequest<Envelope<{ id: string }>>('/api/leads', { method: 'POST', body, ...json }),
  patch: (id: string, body: Record<string, unknown>) => apiRequest<Envelope<{ id: string }>>(`/api/leads/${id}`, { method: 'PATCH', body, ...json }),
  me: () => apiRequest<{ data?: { id?: string } } & Record<string, unknown>>('/api/users/me'),
  privileges: () => apiRequest<Privilege[] | Envelope<Privilege[]>>('/api/users/privileges'),
};

let cached: Promise<PrivilegeChecker> | null = null;

/** The caller's privileges, to shape what a lead screen offers (the server still decides). */
export function useLeadChecker(): PrivilegeChecker | null {
  const [checker, setChecker] = useState<PrivilegeChecker | null>(null);
  useEffect(() => {
    cached ??= leadApi
      .privileges()
      .then((answer) => createChecker(Array.isArray(answer) ? answer : answer.data))
      .catch(() => {
        cached = null;
        return createChecker([]);
      });
    let live = true;
    void cached.then((value) => {
      if (live) setChecker(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return checker;
}

/** The server's message and field errors from a failed call (the body is the error envelope as text). */
export function failureOf(error: unknown): { status: number | null; message: string; errors: Record<string, string> } {
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : null;
  const text = typeof (error as { body?: unknown }).body === 'string' ? (error as { body: string }).body : '';
  try {
    const parsed = JSON.parse(text) as { message?: string; errors?: { field: string; message: string }[] };
    return { status, message: parsed.message ?? 'The request failed.', errors: Object.fromEntries((parsed.errors ?? []).map((item) => [item.field, item.message])) };
  } catch {
    return { status, message: error instanceof Error ? error.message : 'The request failed.', errors: {} };
  }
}
