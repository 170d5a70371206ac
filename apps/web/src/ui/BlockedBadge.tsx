import { blockingMessages } from '@bjp/domain';
import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** 'Bloqueado': a student with an open payment block, wherever a list shows them (issue 7). */
export function BlockedBadge() {
  return (
    <Badge
      color="red"
      size="xs"
      title={blockingMessages.blockedBadgeTitle}
      data-testid="blocked-badge"
      // Never cut to 'BLOQUE…' in a narrow name column: the column widens to the whole word.
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {blockingMessages.blockedBadge}
    </Badge>
  );
}

/** A table cell's text followed by the 'Bloqueado' badge when the student is blocked. */
export function WithBlockedBadge({ blocked, children }: { blocked: boolean; children: ReactNode }) {
  if (!blocked) return children;
  return (
    // Wraps under the name in narrow columns rather than spilling over the next cell.
    <Group gap={4} wrap="wrap">
      <span>{children}</span>
      <BlockedBadge />
    </Group>
  );
}
