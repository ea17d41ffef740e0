import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { apiErrorText } from '@propdesk/api-client';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DuplicateQuery } from '../../model/api.js';
import { useClaimLeadMutation, useLeadDuplicatesQuery } from './leadApi.web.js';

const CHECK_DELAY_MS = 250;
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : null);

/**
 * While a phone or email is typed, asks the server whether an open lead already has it: one the
 * agent may see is offered instead; one owned by someone else shows only who and until when, and
 * can be asked for (a claim to the owner's manager).
 */
export function DuplicateNotice({ phone, phone2 = '', email, excludeId }: { phone: string; phone2?: string; email: string; excludeId?: string | undefined }) {
  const [probe, setProbe] = useState<DuplicateQuery | null>(null);
  const [claimed, setClaimed] = useState<Record<string, string>>({});
  const [claim] = useClaimLeadMutation();
  // Waits for a pause in the typing before asking; the answer comes from the lead endpoints.
  useEffect(() => {
    const usable = (value: string) => value.startsWith('+') && value.length >= 8;
    // The first phone, or the second while the first is not a whole number yet.
    const usablePhone = usable(phone) ? phone : usable(phone2) ? phone2 : '';
    const usableEmail = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : '';
    if (!usablePhone && !usableEmail) {
      setProbe(null);
      return undefined;
    }
    const timer = setTimeout(() => {
      setProbe({ ...(usablePhone ? { phone: usablePhone } : {}), ...(usableEmail ? { email: usableEmail } : {}), ...(excludeId ? { excludeId } : {}) });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phone, phone2, email, excludeId]);
  const { data } = useLeadDuplicatesQuery(probe ?? skipToken);
  const matches = probe ? (data?.matches ?? []) : [];

  if (matches.length === 0) return null;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      {matches.map((match) =>
        match.visible ? (
          <Alert key={match.id} severity="info" action={match.link ? <Button component={RouterLink} to={match.link}>Open it</Button> : null}>
            This {match.matchedOn} is already on the lead <strong>{match.fullName}</strong>
            {match.ownerName ? ` (${match.ownerName})` : ' (unassigned)'}. Open it instead of adding a new one.
          </Alert>
        ) : (
          <Alert
            key={match.id}
            severity="warning"
            data-testid="duplicate-owned"
            action={
              claimed[match.id] ? null : (
                <Button
                  onClick={() =>
                    claim({ id: match.id })
                      .unwrap()
                      .then((answer) => setClaimed((done) => ({ ...done, [match.id]: answer.message ?? 'Request sent.' })))
                      .catch((error: unknown) => setClaimed((done) => ({ ...done, [match.id]: apiErrorText(error) })))
                  }
                >
                  Ask for it
                </Button>
              )
            }
          >
            This {match.matchedOn} belongs to a lead of <strong>{match.ownerName ?? 'another agent'}</strong>
            {match.validUntil ? `, valid until ${formatDate(match.validUntil)}` : ''}. Saving it again is refused.
            {claimed[match.id] ? ` ${claimed[match.id]}` : ''}
          </Alert>
        ),
      )}
    </Stack>
  );
}
