import { Input, Paper, UnstyledButton } from '@mantine/core';
import { useClickOutside, useId } from '@mantine/hooks';
import { type KeyboardEvent, type ReactNode, useState } from 'react';

type Option = { value: string; label: string };

type Props = {
  label: ReactNode;
  data: Option[];
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
  withAsterisk?: boolean;
};

/**
 * The login's 'Tipo' list: a button that opens a list of options, as Mantine's Select looks and is
 * used, without the floating dropdown machinery (positioning, scroll area, portal) that alone was
 * ~30 KB of compressed JavaScript on the login page (issue 14). Two fixed options need none of it.
 */
export function UserTypePicker({
  label,
  data,
  defaultValue,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  withAsterisk,
}: Props) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? data[0]?.value ?? '');
  const current = value ?? own;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const ref = useClickOutside(() => setOpen(false));
  const selected = data.find((o) => o.value === current);

  const choose = (option: Option) => {
    setOwn(option.value);
    onChange?.(option.value);
    setOpen(false);
  };
  const show = () => {
    setActive(
      Math.max(
        0,
        data.findIndex((o) => o.value === current),
      ),
    );
    setOpen(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return show();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + data.length) % data.length);
    } else if ((event.key === 'Enter' || event.key === ' ') && open) {
      event.preventDefault();
      const option = data[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <Input.Wrapper id={id} label={label} withAsterisk={withAsterisk} error={error}>
      <div ref={ref} style={{ position: 'relative' }}>
        <Input
          component="button"
          type="button"
          id={id}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? `${id}-list` : undefined}
          aria-activedescendant={open ? `${id}-${active}` : undefined}
          pointer
          error={error}
          onClick={() => (open ? setOpen(false) : show())}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          onFocus={onFocus}
          rightSection={<Chevron />}
          rightSectionPointerEvents="none"
          style={{ textAlign: 'left' }}
        >
          {selected?.label}
        </Input>
        {open && (
          <Paper
            id={`${id}-list`}
            role="listbox"
            shadow="md"
            withBorder
            p={4}
            style={{ position: 'absolute', top: 'calc(100% + 4px)', left: 0, right: 0, zIndex: 300 }}
          >
            {data.map((option, i) => (
              <UnstyledButton
                key={option.value}
                id={`${id}-${i}`}
                role="option"
                aria-selected={option.value === current}
                tabIndex={-1}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(option)}
                px="sm"
                py={6}
                w="100%"
                fz="sm"
                style={{
                  display: 'block',
                  borderRadius: 4,
                  background: i === active ? 'var(--mantine-color-gray-1)' : undefined,
                  fontWeight: option.value === current ? 600 : undefined,
                }}
              >
                {option.label}
              </UnstyledButton>
            ))}
          </Paper>
        )}
      </div>
    </Input.Wrapper>
  );
}

function Chevron() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M4.93 5.43a.45.45 0 0 1 .64 0L7.5 7.36l1.93-1.93a.45.45 0 1 1 .64.64L7.82 8.32a.45.45 0 0 1-.64 0L4.93 6.07a.45.45 0 0 1 0-.64Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
