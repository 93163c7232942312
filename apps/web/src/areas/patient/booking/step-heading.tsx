import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading. When the step replaces another one, focus moves to it, so keyboard and screen-reader users
 * land on the new step instead of on a button that is gone.
 */
export function StepHeading({ id, focus, children }: { id: string; focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}
