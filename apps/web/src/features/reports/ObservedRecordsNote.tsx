import { formatCount, type ObservedRecordCounts, observedMessages } from '@bjp/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * What a payment writer (the Síntesis sync) brought that an auditor must look at, per kind, with the
 * way to the report; nothing when it brought none (or the run predates the count).
 */
export function ObservedRecordsNote({ observed }: { observed: ObservedRecordCounts | undefined }) {
  if (!observed || observed.length === 0) return null;
  const total = observed.reduce((sum, o) => sum + o.records, 0);
  return (
    <Text size="sm" mt={4} data-testid="observed-records">
      {formatCount(total)} pago{total === 1 ? '' : 's'} observado{total === 1 ? '' : 's'}:{' '}
      {observed.map((o) => `${o.label} (${formatCount(o.records)})`).join('; ')}.{' '}
      <Anchor component={Link} to="/reports/observed-payments" size="sm">
        Ver {observedMessages.title}
      </Anchor>
    </Text>
  );
}
