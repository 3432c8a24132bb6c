// A value that follows another once it has stopped changing for `ms`: the zone list asks the
// service for the filter as typed, not once per key.
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, ms: number): T {
  // Starts at the value itself: a bookmarked filter is searched at once.
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
