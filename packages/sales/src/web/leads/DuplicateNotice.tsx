import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureOf, leadApi, type DuplicateMatch } from './leadApi.js';

const CHECK_DELAY_MS = 250;
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : null);

/**
 * While a phone or email is typed, asks the server whether an open lead already has it: one the
 * agent may see is offered instead; one owned by someone else shows only who and until when, and
 * can be asked for (a claim to the owner's manager).
 */
export function DuplicateNotice({ phone, email, excludeId }: { phone: string; email: string; excludeId?: string | undefined }) {
  const [matches, setMatches] = useState<DuplicateMatch[]>([]);
  const [claimed, setClaimed] = useState<Record<string, string>>({});
  useEffect(() => {
    const usablePhone = phone.startsWith('+') && phone.length >= 8 ? phone : '';
    const usableEmail = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : '';
    if (!usablePhone && !usableEmail) {
      setMatches([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      leadApi
        .duplicates({ phone: usablePhone, email: usableEmail, ...(excludeId ? { excludeId } : {}) }, controller.signal)
        .then((answer) => setMatches(answer.data.matches))
        .catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [phone, email, excludeId]);

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
                    leadApi
                      .claim(match.id)
                      .then((answer) => setClaimed((done) => ({ ...done, [match.id]: answer.message ?? 'Request sent.' })))
                      .catch((error: unknown) => setClaimed((done) => ({ ...done, [match.id]: failureOf(error).message })))
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
