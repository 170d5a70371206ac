import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { WhenNear } from './WhenNear';

type Props = {
  title: string;
  /** A line under the title: what the chart counts, or that it does not follow the date range. */
  note?: string;
  loading?: boolean;
  error?: boolean;
  empty?: boolean;
  height?: number;
  /**
   * Drawn with the card, not when it comes near the screen: the pies (a few SVG paths). A phone
   * wraps the money pie's legend on two lines, so its card grew past the placeholder's height when
   * the pie replaced it, moving the cards below in view (a layout shift, issue 14).
   */
  atOnce?: boolean;
  children: ReactNode;
};

/**
 * A titled panel for one chart, with honest loading, error and empty states; the chart itself is
 * drawn when the panel comes near the screen (`height` is its size until then).
 */
export function ChartCard({ title, note, loading, error, empty, height = 260, atOnce, children }: Props) {
  let body = children;
  if (loading) body = <Loader size="sm" aria-label={`Cargando ${title}`} />;
  else if (error)
    body = (
      <Text c="red.9" size="sm">
        No se pudieron cargar los datos.
      </Text>
    );
  else if (empty)
    body = (
      <Text c="dimmed" size="sm">
        Sin datos para mostrar.
      </Text>
    );
  const centered = loading || error || empty;
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Stack gap="sm" h="100%">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          {note && (
            <Text size="xs" c="dimmed" data-testid="chart-note">
              {note}
            </Text>
          )}
        </div>
        {centered ? (
          <Center h={height}>{body}</Center>
        ) : atOnce ? (
          body
        ) : (
          <WhenNear height={height}>{body}</WhenNear>
        )}
      </Stack>
    </Paper>
  );
}
