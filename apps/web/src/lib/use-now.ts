import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (spec §4: start buttons are rechecked every 5 seconds). */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
