import { useEffect, useState } from 'react';

/**
 * An alert that is announced as it appears and hides itself after `ms` (spec §4 and §9: the history details'
 * loading error shows for 5 seconds). Give it a new `key` to show it again for a new failure.
 */
export function TimedAlert({ message, ms }: { message: string; ms: number }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  if (!shown) return null;
  return (
    <p className="alert" role="alert">
      {message}
    </p>
  );
}
