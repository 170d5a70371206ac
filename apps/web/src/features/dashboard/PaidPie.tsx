import { ChartTooltip } from '@mantine/charts';
import { Box, Group, getThemeColor, Text, useMantineTheme } from '@mantine/core';
import { useState } from 'react';
import { paidColor, paidTextColor, unpaidColor, unpaidTextColor } from '../../app/theme';
import { PAID_LABEL, type PaidSplit, UNPAID_LABEL } from './summary';

type Props = { split: PaidSplit; format: (value: number) => string; testId?: string };

const SIZE = 170;
const RADIAN = Math.PI / 180;

/** A point of the circle at `angle` degrees, counter-clockwise from three o'clock (as recharts draws). */
function at(radius: number, angle: number): [number, number] {
  const c = SIZE / 2;
  return [c + radius * Math.cos(-angle * RADIAN), c + radius * Math.sin(-angle * RADIAN)];
}

function slicePath(start: number, end: number): string {
  const r = SIZE / 2;
  const c = SIZE / 2;
  // A whole circle is two half arcs: an arc's two ends cannot be the same point.
  if (end - start >= 360)
    return `M ${c - r} ${c} A ${r} ${r} 0 1 0 ${c + r} ${c} A ${r} ${r} 0 1 0 ${c - r} ${c} Z`;
  const [x1, y1] = at(r, start);
  const [x2, y2] = at(r, end);
  return `M ${c} ${c} L ${x1} ${y1} A ${r} ${r} 0 ${end - start > 180 ? 1 : 0} 0 ${x2} ${y2} Z`;
}

/**
 * Paid (green) against unpaid (red), with the percentages on the slices; hovering a slice shows its
 * figure as the charts library's tooltip does. Drawn as plain SVG in the look of Mantine's PieChart (slices from three o'clock,
 * counter-clockwise, white borders, whole percentages): the charts library took a long task of its
 * own for each pie on a slow phone, at the top of the dashboard (Lighthouse, issue 14).
 */
export function PaidPie({ split, format, testId }: Props) {
  const data = [
    { name: PAID_LABEL, value: split.paid, color: paidColor, text: paidTextColor },
    { name: UNPAID_LABEL, value: split.unpaid, color: unpaidColor, text: unpaidTextColor },
  ];
  const theme = useMantineTheme();
  const [hover, setHover] = useState<{ name: string; x: number; y: number } | null>(null);
  const total = split.paid + split.unpaid;
  let angle = 0;
  const slices =
    total > 0
      ? data.map((d) => {
          const start = angle;
          angle += (d.value / total) * 360;
          return { ...d, start, end: angle, percent: d.value / total };
        })
      : [];
  const percents = slices.map((s) => `${s.name} ${(s.percent * 100).toFixed(0)}%`).join(', ');
  return (
    <>
      <Box mx="auto" w={SIZE} h={SIZE} pos="relative" data-testid={testId}>
        <svg
          width={SIZE}
          height={SIZE}
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-label={percents}
          data-chart="pie"
          style={{ display: 'block', overflow: 'visible' }}
        >
          {slices.map((s) =>
            s.value > 0 ? (
              <path
                key={s.name}
                d={slicePath(s.start, s.end)}
                fill={getThemeColor(s.color, theme)}
                stroke="var(--mantine-color-body)"
                strokeWidth={1}
                onMouseMove={(e) => {
                  const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
                  if (box) setHover({ name: s.name, x: e.clientX - box.left, y: e.clientY - box.top });
                }}
                onMouseLeave={() => setHover(null)}
              />
            ) : null,
          )}
          {slices.map((s) => {
            if (s.value <= 0) return null;
            const [x, y] = at(SIZE / 4, (s.start + s.end) / 2);
            return (
              <text
                key={s.name}
                x={x}
                y={y}
                textAnchor={x > SIZE / 2 ? 'start' : 'end'}
                dominantBaseline="central"
                pointerEvents="none"
              >
                {`${(s.percent * 100).toFixed(0)}%`}
              </text>
            );
          })}
        </svg>
        {hover && (
          // Where recharts puts its tooltip: beside the pointer, letting it through.
          <div
            style={{
              position: 'absolute',
              left: hover.x + 10,
              top: hover.y + 10,
              pointerEvents: 'none',
              zIndex: 1,
            }}
          >
            <ChartTooltip payload={data} type="radial" segmentId={hover.name} valueFormatter={format} />
          </div>
        )}
      </Box>
      <Group justify="center" gap="md">
        {data.map((d) => (
          <Text key={d.name} size="xs" c={d.text}>
            ● {d.name}: {format(d.value)}
          </Text>
        ))}
      </Group>
    </>
  );
}
