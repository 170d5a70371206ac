import { pageCount, pagerItems } from '@bjp/domain';
import { Button, Group, Text } from '@mantine/core';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  disabled?: boolean;
};

/** The specification's pager: Anterior, first and last page, ellipses, a window of 5, Siguiente. */
export function Pager({ page, pageSize, total, onChange, disabled = false }: Props) {
  const pages = pageCount(total, pageSize);
  const items = pagerItems(page, pages);
  const go = (target: number) => {
    const next = Math.min(Math.max(1, target), pages);
    if (next !== page) onChange(next);
  };
  return (
    <Group gap={4} component="nav" aria-label="Paginación" wrap="wrap">
      <Button variant="default" size="xs" disabled={disabled || page <= 1} onClick={() => go(page - 1)}>
        Anterior
      </Button>
      {items.map((item, i) =>
        item === '…' ? (
          <Text key={`gap-after-${items[i - 1]}`} size="sm" c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="xs"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Página ${item}`}
            disabled={disabled}
            onClick={() => go(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button variant="default" size="xs" disabled={disabled || page >= pages} onClick={() => go(page + 1)}>
        Siguiente
      </Button>
    </Group>
  );
}
