import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';

/** Browser storage key of the pinned menu titles (spec part 1 §3). */
export const PINS_KEY = 'pins';

export function usePins() {
  // Read while rendering: read in an effect (the hook's default), it re-rendered the whole sidebar
  // right after its first render, in one long task on a slow phone (issue 14).
  const [pins, setPins] = useLocalStorage<string[]>({
    key: PINS_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const toggle = useCallback(
    (title: string) =>
      setPins((current) =>
        current.includes(title) ? current.filter((t) => t !== title) : [...current, title],
      ),
    [setPins],
  );
  return { pins: Array.isArray(pins) ? pins : [], toggle };
}
